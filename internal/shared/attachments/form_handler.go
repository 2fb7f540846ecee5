package attachments

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"mos/internal/platform/apperr"
)

// The parts of an upload form (AttachmentUpload and AttachmentCertificationUpload).
const (
	partFile           = "File"
	partOwnerType      = "Detail.Owner.Type"
	partOwnerID        = "Detail.Owner.Id"
	partDescription    = "Detail.Description"
	partIsNote         = "Detail.IsNoteAttachment"
	partParentType     = "Detail.Parent.Type"
	partParentID       = "Detail.Parent.Id"
	partLotID          = "Detail.LotId"
	partMetadataPrefix = "Detail.Metadata["
)

const (
	maxName        = 200 // file names and descriptions
	minOwnerID     = 24
	maxOwnerID     = 36
	lotIDLength    = 24
	maxMetadataKey = 200
	// maxFieldBytes caps the form's parts other than File together, so fields can never
	// take more memory than this whatever the body limit.
	maxFieldBytes = 1 << 20
)

// The parts each kind of upload takes besides File and Detail.Metadata[<key>]; any other
// part is refused, naming it, so that a misspelt part is never silently dropped.
var (
	uploadParts        = []string{partOwnerType, partOwnerID, partDescription, partIsNote, partParentType, partParentID}
	certificationParts = []string{partOwnerType, partOwnerID, partDescription, partLotID}
)

// certificationOwnerTypes are the owner types a certification may name.
var certificationOwnerTypes = []string{OwnerItem, OwnerPurchaseOrderReceivingLineItem, OwnerSalesOrderReceivingLineItem}

// form is an upload form as read: the fields, and the file once stored.
type form struct {
	fields map[string]string
	meta   map[string]string
	file   *storedFile
}

// readForm reads the parts of an upload in the order they come. The File part is handed to
// store as it arrives, so it streams into storage and is never held; every other part is
// read whole: its name and value count against maxFieldBytes together, so any number of
// parts (metadata keys are names) takes bounded memory. known are the part names the form
// takes besides File and metadata; another is a 400 naming it. admit sees the fields read
// before File when File arrives; its error stops the form before the file is read. A part
// named twice is a 400 naming it. When readForm fails after storing the file, it returns the
// form with the file so the caller can release it.
func readForm(mr *multipart.Reader, known []string, admit func(fields map[string]string) error,
	store func(name string, r io.Reader) (storedFile, error)) (form, error) {
	f := form{fields: map[string]string{}, meta: map[string]string{}}
	budget := int64(maxFieldBytes)
	overBudget := apperr.Invalid("the form's parts other than File are larger than %d bytes together (names and values)", maxFieldBytes)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		if err != nil {
			return f, readErr(err)
		}
		name := part.FormName()
		if name == partFile {
			if f.file != nil {
				return f, apperr.Field(partFile, "send one file")
			}
			if err := admit(f.fields); err != nil {
				return f, err
			}
			fileName, err := fileNameOf(part)
			if err != nil {
				return f, err
			}
			stored, err := store(fileName, part)
			if err != nil {
				return f, err
			}
			f.file = &stored
			continue
		}
		if budget -= int64(len(name)); budget < 0 {
			return f, overBudget
		}
		key, isMeta := metadataKey(name)
		if !isMeta && !slices.Contains(known, name) {
			return f, apperr.Field(partLabel(name), "is not a part of this form (it takes File, %s and %s<key>] parts)",
				strings.Join(known, ", "), partMetadataPrefix)
		}
		value, err := io.ReadAll(io.LimitReader(part, budget+1))
		if err != nil {
			return f, readErr(err)
		}
		if budget -= int64(len(value)); budget < 0 {
			return f, overBudget
		}
		// PostgreSQL stores neither invalid UTF-8 nor a NUL character, in a name or a value.
		if !utf8.Valid(value) || bytes.IndexByte(value, 0) >= 0 || !utf8.ValidString(name) || strings.IndexByte(name, 0) >= 0 {
			return f, apperr.Field(partLabel(name), "must be UTF-8 text without the NUL character (U+0000)")
		}
		if isMeta {
			if _, dup := f.meta[key]; dup {
				return f, apperr.Field(name, "is sent twice")
			}
			f.meta[key] = string(value)
			continue
		}
		if _, dup := f.fields[name]; dup {
			return f, apperr.Field(name, "is sent twice")
		}
		f.fields[name] = string(value)
	}
}

// partLabel names a part in an error: a part without a name is "(unnamed part)", and a name
// is cut to 200 characters so that a long one cannot bloat the answer.
func partLabel(name string) string {
	if name == "" {
		return "(unnamed part)"
	}
	if utf8.RuneCountInString(name) > maxName {
		return string([]rune(name)[:maxName])
	}
	return name
}

// readErr classifies a failure to read the body: the body limit and the upload's read
// deadline stay themselves (the web layer answers 413 and 408), anything else is a
// malformed body.
func readErr(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) || errors.Is(err, os.ErrDeadlineExceeded) {
		return err
	}
	return apperr.Invalid("the multipart body could not be read: %v", err)
}

// metadataKey reads "Detail.Metadata[<key>]".
func metadataKey(name string) (string, bool) {
	if !strings.HasPrefix(name, partMetadataPrefix) || !strings.HasSuffix(name, "]") {
		return "", false
	}
	return name[len(partMetadataPrefix) : len(name)-1], true
}

// fileNameOf is the attachment name an uploaded file part gives: its file name without any
// path (either slash), trimmed, 1 to 200 characters; else a 400 naming File.
func fileNameOf(part *multipart.Part) (string, error) {
	name := baseName(part.FileName())
	if n := utf8.RuneCountInString(name); n < 1 || n > maxName || name == "." || name == ".." {
		return "", apperr.Field(partFile, "must be a file part whose file name is 1 to %d characters (without its path)", maxName)
	}
	return name, nil
}

// baseName is a file name without any path before it (either slash), trimmed: a client's
// path never becomes part of an attachment's name.
func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	return strings.TrimSpace(name)
}

// upload parses the form's fields into an Upload, naming every offending part. ownerTypes
// are the owner types an attachment may name (a certification names one of
// certificationOwnerTypes).
func (f form) upload(certification bool, ownerTypes []string) (Upload, error) {
	fields := apperr.Fields{}
	u := Upload{Certification: certification, Metadata: f.meta}
	types := ownerTypes
	if certification {
		types = certificationOwnerTypes
	}
	u.Owner = f.owner(fields, partOwnerType, partOwnerID, types)
	if f.file == nil {
		fields.Add(partFile, "is required")
	}
	if d, ok := f.fields[partDescription]; ok {
		u.Description = ptr(fields.Text(partDescription, d, maxName))
	}
	for k := range u.Metadata {
		if n := utf8.RuneCountInString(k); n < 1 || n > maxMetadataKey {
			fields.Add(partMetadataPrefix+k+"]", "the key must be 1 to %d characters", maxMetadataKey)
		}
	}
	if certification {
		// A certification needs only its file and owner: the lot it certifies is optional.
		if lot, ok := f.fields[partLotID]; ok {
			if utf8.RuneCountInString(lot) != lotIDLength {
				fields.Add(partLotID, "must be a lot id of exactly %d characters", lotIDLength)
			}
			u.LotID = &lot
		}
	} else {
		switch note, ok := f.fields[partIsNote]; {
		case !ok:
			fields.Add(partIsNote, "is required")
		case strings.EqualFold(strings.TrimSpace(note), "true"):
			u.IsNoteAttachment = true
		case strings.EqualFold(strings.TrimSpace(note), "false"):
		default:
			fields.Add(partIsNote, "must be true or false")
		}
		_, hasType := f.fields[partParentType]
		_, hasID := f.fields[partParentID]
		if hasType || hasID {
			parent := f.owner(fields, partParentType, partParentID, ownerTypes)
			u.Parent = &parent
		}
	}
	return u, fields.Err()
}

// owner reads an owner (or parent) from its type and id parts, both required.
func (f form) owner(fields apperr.Fields, typePart, idPart string, types []string) Owner {
	o := Owner{Type: f.fields[typePart], ID: f.fields[idPart]}
	if _, ok := f.fields[typePart]; !ok {
		fields.Add(typePart, "is required")
	} else if !slices.Contains(types, o.Type) {
		fields.Add(typePart, "%s", apperr.NotOneOf(o.Type, types))
	}
	if _, ok := f.fields[idPart]; !ok {
		fields.Add(idPart, "is required")
	} else if n := utf8.RuneCountInString(o.ID); n < minOwnerID || n > maxOwnerID {
		fields.Add(idPart, "must be %d to %d characters", minOwnerID, maxOwnerID)
	}
	return o
}

func ptr[T any](v T) *T { return &v }
