package httpapi

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"mos/gen"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// These tests keep the house rules of internal/ that the compiler cannot: the areas meet only
// through services built here and the interfaces they declare, and no area reads another's
// tables. They read the source, so a rule broken anywhere fails here with the place named.

// areaRoots are the business-area folders; each package below one is an area package.
var areaRoots = []string{"sales", "purchasing", "stock", "production", "scheduling", "quality", "shared"}

// areaPackage is one area package's non-test Go source.
type areaPackage struct {
	path  string // import path, e.g. mos/internal/stock/items
	files map[string]*ast.File
}

func loadAreaPackages(t *testing.T) []areaPackage {
	t.Helper()
	var out []areaPackage
	fset := token.NewFileSet()
	for _, root := range areaRoots {
		dir := filepath.Join("..", root)
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			pkg := areaPackage{path: "mos/internal/" + filepath.ToSlash(strings.TrimPrefix(path, "../")), files: map[string]*ast.File{}}
			entries, err := os.ReadDir(path)
			if err != nil {
				return err
			}
			for _, e := range entries {
				name := e.Name()
				if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
					continue
				}
				f, err := parser.ParseFile(fset, filepath.Join(path, name), nil, parser.ParseComments)
				if err != nil {
					return err
				}
				pkg.files[name] = f
			}
			if len(pkg.files) > 0 {
				out = append(out, pkg)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatal("no area packages found")
	}
	return out
}

func imports(f *ast.File) map[string]string {
	out := map[string]string{} // local name → path
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = p
	}
	return out
}

// isArea reports whether path is an area package (not platform, tenancy, contract, gen).
func isArea(path string) bool {
	for _, root := range areaRoots {
		if strings.HasPrefix(path, "mos/internal/"+root+"/") {
			return true
		}
	}
	return false
}

// TestNoAreaBuildsAnotherAreasService: every service is built once, in this package, and
// handed to those that need it.
func TestNoAreaBuildsAnotherAreasService(t *testing.T) {
	for _, pkg := range loadAreaPackages(t) {
		for name, f := range pkg.files {
			imported := imports(f)
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok || !strings.HasPrefix(sel.Sel.Name, "New") {
					return true
				}
				id, ok := sel.X.(*ast.Ident)
				if !ok {
					return true
				}
				if p, ok := imported[id.Name]; ok && isArea(p) && p != pkg.path {
					t.Errorf("%s/%s calls %s.%s: build services in internal/httpapi and pass them in", pkg.path, name, id.Name, sel.Sel.Name)
				}
				return true
			})
		}
	}
}

// TestOnlyHandlersImportGenAndEcho and only stores hold SQL drivers: the layers of an area
// stay in their files.
func TestOnlyHandlersImportGenAndEcho(t *testing.T) {
	for _, pkg := range loadAreaPackages(t) {
		for name, f := range pkg.files {
			handler := name == "handler.go" || strings.HasSuffix(name, "_handler.go")
			store := name == "store.go" || strings.HasSuffix(name, "_store.go")
			for _, p := range imports(f) {
				switch {
				case (p == "mos/gen" || strings.HasPrefix(p, "github.com/labstack/echo")) && !handler:
					t.Errorf("%s/%s imports %s: only handler files import gen and echo", pkg.path, name, p)
				case (p == "github.com/jmoiron/sqlx" || p == "github.com/lib/pq") && !store:
					t.Errorf("%s/%s imports %s: only store files use the database driver", pkg.path, name, p)
				}
			}
		}
	}
}

// documentAreas are the packages of business documents (and the production and quality
// records built on them): they use items, customers and vendors, never the other way round.
var documentAreas = []string{
	"mos/internal/sales/quotes", "mos/internal/sales/salesorders", "mos/internal/sales/shipments",
	"mos/internal/sales/invoices", "mos/internal/purchasing/purchaseorders", "mos/internal/purchasing/receipts",
	"mos/internal/production/", "mos/internal/quality/",
}

// lowerAreas may not import the areas named with them: a lower area asks who uses its
// records through a registry that the higher areas join at wiring time.
var lowerAreas = map[string][]string{
	"mos/internal/stock/":                documentAreas,
	"mos/internal/sales/customers":       documentAreas,
	"mos/internal/sales/tiers":           documentAreas,
	"mos/internal/sales/taxrates":        documentAreas,
	"mos/internal/sales/refundreasons":   documentAreas,
	"mos/internal/sales/shippingmethods": documentAreas,
	"mos/internal/purchasing/vendors":    documentAreas,
	"mos/internal/scheduling/":           documentAreas,
	// Change orders ask quotes, sales orders and jobs for the documents carrying an item
	// through their carrier registry.
	"mos/internal/quality/changeorders": {"mos/internal/sales/quotes", "mos/internal/sales/salesorders", "mos/internal/production/"},
	// Supporting data is used by every area and imports none of them: it reaches them only
	// through registries (attachment owners, tag carriers) and functions handed in at wiring.
	"mos/internal/shared/": append([]string{"mos/internal/sales/", "mos/internal/purchasing/", "mos/internal/scheduling/", "mos/internal/stock/"}, documentAreas...),
}

func TestLowerAreasNeverImportHigherOnes(t *testing.T) {
	for _, pkg := range loadAreaPackages(t) {
		for lower, higher := range lowerAreas {
			if !strings.HasPrefix(pkg.path, lower) {
				continue
			}
			for name, f := range pkg.files {
				for _, p := range imports(f) {
					for _, h := range higher {
						if strings.HasPrefix(p, h) {
							t.Errorf("%s/%s imports %s: register with %s's registry at wiring time instead", pkg.path, name, p, pkg.path)
						}
					}
				}
			}
		}
	}
}

// restrictedImports are packages only the folders named with them may import (besides the
// package itself): document numbers are taken by the areas that create numbered documents;
// the document-line maths and the stored line kinds (linekinds, built on the maths) are used
// by the document areas (sales quotes and orders, purchase orders, invoices), and any other
// area reads document totals through a document's service.
var restrictedImports = map[string][]string{
	"mos/internal/shared/docnumbers":         {"mos/internal/sales/", "mos/internal/purchasing/", "mos/internal/production/", "mos/internal/quality/"},
	"mos/internal/shared/doclines":           {"mos/internal/sales/", "mos/internal/purchasing/", "mos/internal/shared/doclines/"},
	"mos/internal/shared/doclines/linekinds": {"mos/internal/sales/", "mos/internal/purchasing/"},
}

// TestRestrictedPackagesHaveOnlyTheirImporters reads every non-test Go file of internal/ and
// cmd/, so that a package kept for a few areas is not taken up by another.
func TestRestrictedPackagesHaveOnlyTheirImporters(t *testing.T) {
	fset := token.NewFileSet()
	for _, root := range []string{"..", "../../cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			rel := filepath.ToSlash(filepath.Dir(path))
			pkg := "mos/internal/" + strings.TrimPrefix(rel, "../")
			if strings.HasPrefix(rel, "../../cmd") {
				pkg = "mos/cmd" + strings.TrimPrefix(rel, "../../cmd")
			}
			for _, p := range imports(f) {
				allowed, restricted := restrictedImports[p]
				if !restricted || pkg == p {
					continue
				}
				if !slices.ContainsFunc(allowed, func(a string) bool { return strings.HasPrefix(pkg+"/", a) }) {
					t.Errorf("%s imports %s, which only %s import", path, p, strings.Join(allowed, ", "))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// sqlTable finds the tables a SQL text names after FROM, JOIN, INTO or UPDATE. SQL here is
// written with upper-case keywords, which keeps messages ("take from it") out of the match.
var sqlTable = regexp.MustCompile(`\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_][a-z0-9_]*)`)

// notTables are words the pattern meets that are no table: functions, CTE names, keywords.
var notTables = map[string]bool{
	"unnest": true, "jsonb_to_recordset": true, "jsonb_array_elements": true, "generate_series": true,
	"lateral": true, "only": true, "select": true, "the": true, "a": true, "an": true,
	// UPDATE SET of an upsert, FOR UPDATE OF a row lock.
	"set": true, "of": true,
}

// sharedTables every area may read: the platform's tables.
var sharedTables = map[string]bool{
	"tenants": true, "outbox_events": true, "pg_locks": true, "pg_database": true, "pg_stat_activity": true,
}

// tablesOf returns the tables each SQL string literal of the package names, and the tables it
// writes (INSERT INTO, UPDATE, DELETE FROM), which it owns.
func tablesOf(pkg areaPackage) (named, written map[string][]string) {
	named, written = map[string][]string{}, map[string][]string{}
	cteName := regexp.MustCompile(`(?i)\b([a-z_][a-z0-9_]*)\s+AS\s+(?:MATERIALIZED\s+)?\(`)
	writes := regexp.MustCompile(`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)`)
	for name, f := range pkg.files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			text, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			ctes := map[string]bool{}
			for _, m := range cteName.FindAllStringSubmatch(text, -1) {
				ctes[strings.ToLower(m[1])] = true
			}
			for _, m := range sqlTable.FindAllStringSubmatch(text, -1) {
				tbl := strings.ToLower(m[1])
				if notTables[tbl] || ctes[tbl] {
					continue
				}
				named[tbl] = append(named[tbl], name)
			}
			for _, m := range writes.FindAllStringSubmatch(text, -1) {
				if tbl := strings.ToLower(m[1]); !notTables[tbl] {
					written[tbl] = append(written[tbl], name)
				}
			}
			return true
		})
	}
	return named, written
}

// TestNoAreaReadsAnotherAreasTables: a table belongs to the package that writes it; another
// area gets its data through the owner's service, a registry, or SQL text the owner exports
// (such as a name to sort by), never by naming the table itself.
func TestNoAreaReadsAnotherAreasTables(t *testing.T) {
	pkgs := loadAreaPackages(t)
	owner := map[string]string{}
	for _, pkg := range pkgs {
		_, written := tablesOf(pkg)
		for tbl := range written {
			if other, ok := owner[tbl]; ok && other != pkg.path {
				t.Errorf("table %s is written by both %s and %s", tbl, other, pkg.path)
			}
			owner[tbl] = pkg.path
		}
	}
	var problems []string
	for _, pkg := range pkgs {
		named, _ := tablesOf(pkg)
		for tbl, files := range named {
			o, owned := owner[tbl]
			if sharedTables[tbl] || (owned && o == pkg.path) {
				continue
			}
			if !owned {
				// A table no area writes (seeded by migrations, or a word the pattern took
				// for one): it belongs to whichever single area names it.
				continue
			}
			slices.Sort(files)
			problems = append(problems, pkg.path+" ("+strings.Join(slices.Compact(files), ", ")+") reads "+tbl+", owned by "+o)
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// TestReadmeMapsEverySpecTagToAPackage: README's "Where things are" table names the package
// of every tag of the spec, so a newcomer finds an operation's code from its tag.
func TestReadmeMapsEverySpecTagToAPackage(t *testing.T) {
	spec, err := gen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{} // tag → package
	for _, line := range strings.Split(string(readme), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || !strings.Contains(cells[2], "internal/") {
			continue
		}
		pkg := strings.Trim(strings.TrimSpace(cells[2]), "`")
		for _, tag := range strings.Split(cells[1], ",") {
			rows[strings.TrimSpace(tag)] = pkg
		}
	}
	for _, tag := range spec.Tags {
		pkg, ok := rows[tag.Name]
		if !ok {
			t.Errorf("README's package table has no row for spec tag %q", tag.Name)
			continue
		}
		if _, err := os.Stat(filepath.Join("../..", pkg)); err != nil {
			t.Errorf("README maps spec tag %q to %s, which does not exist", tag.Name, pkg)
		}
	}
}

// problemMakers are the apperr calls whose format string becomes a problem's detail or a
// field's message, with the index of that argument.
var problemMakers = map[string]int{
	"Invalid": 0, "NotFound": 0, "Conflict": 0, "Forbidden": 0, "Unauthorized": 0, "Gone": 0,
	"TooLarge": 0, "PreconditionFailed": 0, "Field": 1, "Unavailable": 1,
}

// TestProblemMessagesFollowOnePhrasing: every message a client reads in a problem is a
// lower-case phrase without a closing full stop ("must be 1 to 200 characters", "customer
// X not found"), so that the details the service composes from them read as one voice.
func TestProblemMessagesFollowOnePhrasing(t *testing.T) {
	pkgs := loadAreaPackages(t)
	for _, dir := range []string{"../platform", "../tenancy"} {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			fset := token.NewFileSet()
			pkg := areaPackage{path: path, files: map[string]*ast.File{}}
			entries, _ := os.ReadDir(path)
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
					if f, err := parser.ParseFile(fset, filepath.Join(path, e.Name()), nil, 0); err == nil {
						pkg.files[e.Name()] = f
					}
				}
			}
			pkgs = append(pkgs, pkg)
			return nil
		})
	}
	for _, pkg := range pkgs {
		for name, f := range pkg.files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				at := -1
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "apperr" {
					if i, ok := problemMakers[sel.Sel.Name]; ok {
						at = i
					}
				}
				if sel.Sel.Name == "Add" && len(call.Args) >= 2 {
					at = 1 // Fields.Add(field, format, ...)
				}
				if at < 0 || at >= len(call.Args) {
					return true
				}
				lit, ok := call.Args[at].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				msg, err := strconv.Unquote(lit.Value)
				if err != nil || msg == "" || msg == "%s" {
					return true
				}
				first := []rune(msg)[0]
				if unicode.IsUpper(first) && !startsWithName(msg) || strings.HasSuffix(msg, ".") {
					t.Errorf("%s/%s: problem message %q: write a lower-case phrase without a closing full stop", pkg.path, name, msg)
				}
				return true
			})
		}
	}
}

// startsWithName allows a message that opens with a proper name a client sends or reads as
// it is (a header, a media type, a field of the spec written with capitals).
func startsWithName(msg string) bool {
	for _, name := range []string{"Content-Type", "Content-", "Idempotency-Key", "If-Match", "Sort.", "Skip", "Take", "Detail.", "File", "JSON", "ISO"} {
		if strings.HasPrefix(msg, name) {
			return true
		}
	}
	return false
}

// ruleByNumber finds a rule cited by its number, or by a document that is not in this
// repository: code, spec and history state rules in words.
// (Written s[e]ed so that this line does not cite what it looks for.)
var ruleByNumber = regexp.MustCompile(`(?i)\b(rule|convention)s? #?\d+\b|\bs[e]ed (doc|document|limit|rule|convention|\d{3})|\bthe s[e]ed\b|\bs[e]ed's\b`)

func TestRulesAreStatedInWordsNotByNumber(t *testing.T) {
	root := "../.."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil // a file another package's test made and removed while this walked
		}
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case ".git", "gen", "node_modules", "bin", "build", ".data":
				return filepath.SkipDir
			}
			if strings.HasSuffix(rel, "node_modules") || strings.HasPrefix(rel, "internal/contract/swaggerui") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".yaml", ".yml", ".md", ".sql", ".sh":
		default:
			return nil
		}
		b, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := ruleByNumber.FindString(line); m != "" && !strings.Contains(line, "ruleByNumber") {
				t.Errorf("%s:%d cites %q: state the rule in words", rel, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
