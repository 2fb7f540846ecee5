package attachments

import (
	"bytes"
	"io"
	"mime/multipart"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"mos/internal/platform/apperr"
)

// fuzzBoundary is the boundary the fuzzed bodies are read with.
const fuzzBoundary = "fuzz"

// FuzzReadForm: whatever multipart body arrives, reading it as an upload form (and parsing
// the form into an Upload) either refuses it as a 400 or yields fields that are parts the
// form takes, in UTF-8 without NUL characters, within maxFieldBytes together, the file handed
// to storage once; it never fails otherwise (which would answer 500) and never panics.
func FuzzReadForm(f *testing.F) {
	part := func(name, value string) string {
		return "--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n"
	}
	file := "--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"File\"; filename=\"a.txt\"\r\n\r\nhello\r\n"
	end := "--" + fuzzBoundary + "--\r\n"
	for _, input := range []string{
		part("Detail.Owner.Type", "item") + part("Detail.Owner.Id", strings.Repeat("a", 24)) + part("Detail.IsNoteAttachment", "false") + file + end,
		part("Detail.Metadata[k]", "v") + part("Detail.Metadata[k]", "again") + end,
		part("Detail.Description", "\xff\xfe") + end,
		part("Detail.Description", "a\x00b") + end,
		part("Walk", "x") + end,
		file + file + end,
		part("Detail.Metadata[]", "") + part("Detail.Parent.Type", "item") + end,
		"--" + fuzzBoundary + "\r\nContent-Disposition: form-data; name=\"File\"; filename=\"../\"\r\n\r\nx\r\n" + end,
		part("Detail.Owner.Type", "item"),
		"",
	} {
		f.Add([]byte(input))
	}
	types := []string{OwnerItem, "shipment"}
	f.Fuzz(func(t *testing.T, body []byte) {
		stored := 0
		form, err := readForm(multipart.NewReader(bytes.NewReader(body), fuzzBoundary), uploadParts,
			func(map[string]string) error { return nil },
			func(name string, r io.Reader) (storedFile, error) {
				stored++
				if _, err := io.Copy(io.Discard, r); err != nil {
					return storedFile{}, readErr(err)
				}
				return storedFile{name: name}, nil
			})
		if stored > 1 {
			t.Fatalf("the file was stored %d times", stored)
		}
		if err != nil {
			mustBeInvalid(t, "readForm", err)
			return
		}
		size := 0
		for name, value := range form.fields {
			if !slices.Contains(uploadParts, name) {
				t.Fatalf("field %q is not a part of the form", name)
			}
			mustBeStorable(t, name, value)
			size += len(name) + len(value)
		}
		for key, value := range form.meta {
			mustBeStorable(t, key, key)
			mustBeStorable(t, key, value)
			size += len(partMetadataPrefix+key+"]") + len(value)
		}
		if size > maxFieldBytes {
			t.Fatalf("the fields hold %d bytes, over %d", size, maxFieldBytes)
		}
		if _, err := form.upload(false, types); err != nil {
			mustBeInvalid(t, "upload", err)
		}
		if _, err := form.upload(true, types); err != nil {
			mustBeInvalid(t, "certification upload", err)
		}
	})
}

func mustBeInvalid(t *testing.T, what string, err error) {
	t.Helper()
	if ae, ok := apperr.As(err); !ok || ae.Kind != apperr.KindInvalid {
		t.Fatalf("%s failed with %v (%T), want a 400", what, err, err)
	}
}

func mustBeStorable(t *testing.T, name, value string) {
	t.Helper()
	if !utf8.ValidString(value) || strings.ContainsRune(value, 0) {
		t.Fatalf("part %q keeps %q, which no column stores", name, value)
	}
}
