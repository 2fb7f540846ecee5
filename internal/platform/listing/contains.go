package listing

import "strings"

// ContainsPattern turns user text into an ILIKE pattern matching it as a literal
// substring: the LIKE wildcards % and _ and the escape character \ in the text match
// themselves. Bind it as a parameter: `name ILIKE $n`.
func ContainsPattern(text string) string {
	return "%" + likeEscaper.Replace(text) + "%"
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
