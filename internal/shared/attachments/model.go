// Package attachments keeps files attached to records of many kinds (items, sales orders,
// jobs, ...): uploads streamed into the content-addressed blob store, links to files kept
// elsewhere (remote attachments) and certifications of lots. Which records exist and who may
// see or change their files is each owning area's business, registered in Owners.
package attachments

import (
	"io"
	"time"

	"mos/internal/platform/apperr"
	"mos/internal/shared/attachments/internal/fileformat"
)

// Owner is the record an attachment belongs to: its kind (an owner type of the API, e.g.
// "item") and id.
type Owner struct {
	Type string
	ID   string
}

// Attachment is a stored attachment.
type Attachment struct {
	ID               string
	Owner            Owner
	Parent           *Owner
	Name             string
	Description      *string
	Format           fileformat.Format
	Size             int64
	BlobKey          *string // the stored content (its SHA-256); nil for a remote attachment
	IsNoteAttachment bool
	AccessURL        *string // a remote attachment's file
	LotID            *string // the lot a certification certifies
	Metadata         map[string]string
	CreatedUtc       time.Time
}

// Remote reports whether the file is kept elsewhere (AccessURL) rather than stored here.
func (a Attachment) Remote() bool { return a.BlobKey == nil }

// Upload is what an upload says about the file besides its bytes, after parsing.
type Upload struct {
	Owner            Owner
	Parent           *Owner
	Description      *string
	IsNoteAttachment bool
	Metadata         map[string]string
	// Certification uploads certify a lot of the owner's item.
	Certification bool
	LotID         *string
}

// NewRemote is a remote attachment to create, after parsing.
type NewRemote struct {
	Owner     Owner
	Parent    *Owner
	FileName  string
	AccessURL string
	Token     *string
}

// Filter narrows a list; every member narrows (AND), nil members apply no clause.
type Filter struct {
	Owner         *Owner
	Owners        []Owner
	AttachmentIDs []string
	Formats       []fileformat.Format
}

// require answers 400 naming body when f names nothing (as the validator does for `{}`, a
// body of only unknown members gets here): a list or ZIP of every file of the tenant is
// never what a client means, and would be unbounded.
func (f Filter) require() error {
	if f.Owner == nil && f.Owners == nil && f.AttachmentIDs == nil && f.Formats == nil {
		return apperr.Field("body", "name at least one of owner, owners, attachmentIds or formats")
	}
	return nil
}

// Download is how to deliver an attachment's file: either Redirect names a URL to fetch it
// from, or File is its content (the caller closes it) of Size bytes.
type Download struct {
	Redirect    string
	File        io.ReadSeekCloser
	Size        int64
	Name        string // the download name, unsanitised
	ContentType string
}
