// Package contract publishes the API's own description: the OpenAPI document as YAML and
// as JSON (operations of the spec, tag Contract) and an interactive reference at /docs,
// rendered by a Swagger UI bundle embedded in the binary so the page loads nothing from
// outside this server.
package contract

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// cacheControl lets clients keep a copy but revalidate it (If-None-Match) before each use:
// the document changes only with a new binary, which may come at any time.
const cacheControl = "no-cache"

// representation is one published body with its strong entity tag.
type representation struct {
	body []byte
	etag string
}

func newRepresentation(body []byte) representation {
	sum := sha256.Sum256(body)
	return representation{body: body, etag: `"` + hex.EncodeToString(sum[:]) + `"`}
}

// notModified reports whether an If-None-Match value names this representation: "*" or a
// comma-separated list of entity tags, compared weakly as RFC 9110 §13.1.2 requires (W/"x"
// matches "x").
func (r representation) notModified(ifNoneMatch string) bool {
	for _, tag := range strings.Split(ifNoneMatch, ",") {
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == r.etag {
			return true
		}
	}
	return false
}

// document is the contract in the two forms the API publishes.
type document struct {
	yaml, json representation
}

// newDocument keeps the YAML bytes as they are and converts them to JSON once.
func newDocument(yamlDoc []byte) (document, error) {
	j, err := yamlToJSON(yamlDoc)
	if err != nil {
		return document{}, fmt.Errorf("contract: the OpenAPI document as JSON: %w", err)
	}
	return document{yaml: newRepresentation(yamlDoc), json: newRepresentation(j)}, nil
}

// yamlToJSON converts a YAML document to compact JSON, keeping mapping keys in their YAML
// order: Swagger UI lists operations in the order of `paths`, so a conversion through Go
// maps (sorted keys) would reorder the reference.
func yamlToJSON(src []byte) ([]byte, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(src, &root); err != nil {
		return nil, err
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) != 1 {
		return nil, errors.New("not a single YAML document")
	}
	var buf bytes.Buffer
	if err := writeJSON(&buf, root.Content[0]); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

func writeJSON(buf *bytes.Buffer, n *yaml.Node) error {
	switch n.Kind {
	case yaml.AliasNode:
		return writeJSON(buf, n.Alias)
	case yaml.MappingNode:
		buf.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, value := n.Content[i], n.Content[i+1]
			if key.Kind != yaml.ScalarNode || key.ShortTag() == "!!merge" {
				return fmt.Errorf("line %d: only plain scalar mapping keys are supported", key.Line)
			}
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeScalar(buf, key.Value); err != nil {
				return err
			}
			buf.WriteByte(':')
			if err := writeJSON(buf, value); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, item := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeJSON(buf, item); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			buf.WriteString("null")
		case "!!bool", "!!int", "!!float":
			var v any
			if err := n.Decode(&v); err != nil {
				return fmt.Errorf("line %d: %w", n.Line, err)
			}
			if err := writeScalar(buf, v); err != nil {
				return fmt.Errorf("line %d: %w", n.Line, err)
			}
		default: // strings, and timestamps, which JSON has only as strings
			return writeScalar(buf, n.Value)
		}
	default:
		return fmt.Errorf("line %d: unexpected YAML node kind %v", n.Line, n.Kind)
	}
	return nil
}

// writeScalar appends v as JSON without HTML escaping: the body is served as
// application/json, never inlined in a page, and `<token>` should read as written.
func writeScalar(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	return nil
}
