package attachments

import (
	"context"
	"net/http"

	"mos/gen"
	"mos/internal/platform/auth"
	"mos/internal/platform/conditional"
	"mos/internal/platform/listing"
	"mos/internal/platform/utctime"
	"mos/internal/shared/attachments/internal/fileformat"
)

// AttachmentsHandler serves files attached to records.
type AttachmentsHandler struct {
	svc *Service
}

// NewHandler returns the attachments handler.
func NewHandler(svc *Service) *AttachmentsHandler { return &AttachmentsHandler{svc: svc} }

// Versioned declares the attachments for conditional requests (ETag, If-Match).
func (h *AttachmentsHandler) Versioned() []conditional.Record {
	return []conditional.Record{{Table: "attachments", Key: map[string]string{"id": "attachmentId"},
		Operations: []string{"getAttachment", "deleteAttachment"}}}
}

func (h *AttachmentsHandler) UploadAttachment(ctx context.Context, req gen.UploadAttachmentRequestObject) (gen.UploadAttachmentResponseObject, error) {
	id, err := h.svc.Upload(ctx, auth.From(ctx), req.Body, false)
	if err != nil {
		return nil, err
	}
	return gen.UploadAttachment200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *AttachmentsHandler) UploadCertification(ctx context.Context, req gen.UploadCertificationRequestObject) (gen.UploadCertificationResponseObject, error) {
	id, err := h.svc.Upload(ctx, auth.From(ctx), req.Body, true)
	if err != nil {
		return nil, err
	}
	return gen.UploadCertification200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *AttachmentsHandler) CreateRemoteAttachment(ctx context.Context, req gen.CreateRemoteAttachmentRequestObject) (gen.CreateRemoteAttachmentResponseObject, error) {
	b := req.Body
	id, err := h.svc.CreateRemote(ctx, auth.From(ctx), NewRemote{
		Owner: ownerFromAPI(b.Owner), Parent: optionalOwner(b.Parent), FileName: b.FileName, AccessURL: b.AccessUrl, Token: b.Token,
	})
	if err != nil {
		return nil, err
	}
	return gen.CreateRemoteAttachment200JSONResponse{CreatedJSONResponse: gen.CreatedJSONResponse{Id: id}}, nil
}

func (h *AttachmentsHandler) ListAttachments(ctx context.Context, req gen.ListAttachmentsRequestObject) (gen.ListAttachmentsResponseObject, error) {
	p := req.Params
	list, err := h.svc.List(ctx, auth.From(ctx), filterFromAPI(req.Body),
		listing.Request{SortField: p.SortField, SortDir: (*string)(p.SortDir), Skip: p.Skip, Take: p.Take})
	if err != nil {
		return nil, err
	}
	out := make(gen.ListAttachments200JSONResponse, len(list))
	for i, a := range list {
		out[i] = toAPI(a)
	}
	return out, nil
}

func (h *AttachmentsHandler) DownloadAttachments(ctx context.Context, req gen.DownloadAttachmentsRequestObject) (gen.DownloadAttachmentsResponseObject, error) {
	archive, err := h.svc.Zip(ctx, auth.From(ctx), filterFromAPI(req.Body), req.Params.FileName)
	if err != nil {
		return nil, err
	}
	disposition := ContentDisposition(archive.Name)
	return gen.DownloadAttachments200ApplicationzipResponse{
		Body: archive.Body, Headers: gen.DownloadAttachments200ResponseHeaders{ContentDisposition: &disposition},
	}, nil
}

func (h *AttachmentsHandler) GetAttachment(ctx context.Context, req gen.GetAttachmentRequestObject) (gen.GetAttachmentResponseObject, error) {
	a, err := h.svc.Get(ctx, auth.From(ctx), req.AttachmentId)
	if err != nil {
		return nil, err
	}
	return gen.GetAttachment200JSONResponse{Body: toAPI(a)}, nil
}

func (h *AttachmentsHandler) DeleteAttachment(ctx context.Context, req gen.DeleteAttachmentRequestObject) (gen.DeleteAttachmentResponseObject, error) {
	existed, err := h.svc.Delete(ctx, auth.From(ctx), req.AttachmentId)
	if err != nil {
		return nil, err
	}
	if !existed {
		return gen.DeleteAttachment204Response{}, nil
	}
	return gen.DeleteAttachment200JSONResponse{DeletedJSONResponse: gen.DeletedJSONResponse{Success: true}}, nil
}

func (h *AttachmentsHandler) DownloadAttachment(ctx context.Context, req gen.DownloadAttachmentRequestObject) (gen.DownloadAttachmentResponseObject, error) {
	d, err := h.svc.Download(ctx, auth.From(ctx), req.AttachmentId, req.Params.FileName)
	if err != nil {
		return nil, err
	}
	if d.Redirect != "" {
		return gen.DownloadAttachment302Response{Headers: gen.DownloadAttachment302ResponseHeaders{Location: &d.Redirect}}, nil
	}
	disposition := ContentDisposition(d.Name)
	return fileDownload{gen.DownloadAttachment200AsteriskResponse{
		Body: d.File, ContentType: d.ContentType, ContentLength: d.Size,
		Headers: gen.DownloadAttachment200ResponseHeaders{ContentDisposition: &disposition},
	}}, nil
}

func (h *AttachmentsHandler) GetSignedAttachmentContent(ctx context.Context, req gen.GetSignedAttachmentContentRequestObject) (gen.GetSignedAttachmentContentResponseObject, error) {
	p := req.Params
	d, err := h.svc.SignedContent(ctx, p.Tenant, req.AttachmentId, p.Name, p.Expires, p.Signature)
	if err != nil {
		return nil, err
	}
	disposition := ContentDisposition(d.Name)
	return signedFileDownload{gen.GetSignedAttachmentContent200AsteriskResponse{
		Body: d.File, ContentType: d.ContentType, ContentLength: d.Size,
		Headers: gen.GetSignedAttachmentContent200ResponseHeaders{ContentDisposition: &disposition},
	}}, nil
}

// fileDownload and signedFileDownload send a file as the generated responses do, with
// X-Content-Type-Options: nosniff, so no browser runs a file (an SVG, say) as content of
// this origin whatever its bytes look like.
type fileDownload struct {
	gen.DownloadAttachment200AsteriskResponse
}

func (r fileDownload) VisitDownloadAttachmentResponse(w http.ResponseWriter) error {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	return r.DownloadAttachment200AsteriskResponse.VisitDownloadAttachmentResponse(w)
}

type signedFileDownload struct {
	gen.GetSignedAttachmentContent200AsteriskResponse
}

func (r signedFileDownload) VisitGetSignedAttachmentContentResponse(w http.ResponseWriter) error {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	return r.GetSignedAttachmentContent200AsteriskResponse.VisitGetSignedAttachmentContentResponse(w)
}

func ownerFromAPI(o gen.AttachmentOwner) Owner { return Owner{Type: string(o.Type), ID: o.Id} }

func optionalOwner(o *gen.AttachmentOwner) *Owner {
	if o == nil {
		return nil
	}
	v := ownerFromAPI(*o)
	return &v
}

func filterFromAPI(b *gen.AttachmentFilter) Filter {
	var f Filter
	if b == nil {
		return f
	}
	if b.Owner != nil {
		f.Owner = &Owner{Type: string(b.Owner.Type), ID: b.Owner.Id}
	}
	if b.Owners != nil {
		f.Owners = make([]Owner, len(*b.Owners))
		for i, o := range *b.Owners {
			f.Owners[i] = Owner{Type: string(o.Type), ID: o.Id}
		}
	}
	if b.AttachmentIds != nil {
		f.AttachmentIDs = *b.AttachmentIds
	}
	if b.Formats != nil {
		f.Formats = make([]fileformat.Format, len(*b.Formats))
		for i, fm := range *b.Formats {
			f.Formats[i] = fileformat.Format(fm)
		}
	}
	return f
}

func toAPI(a Attachment) gen.Attachment {
	out := gen.Attachment{
		Id: a.ID, Owner: gen.AttachmentAnyOwner{Type: gen.AttachmentAnyOwnerType(a.Owner.Type), Id: a.Owner.ID}, Name: a.Name, Description: a.Description, Type: gen.AttachmentTypeStandard,
		Format: gen.AttachmentFormat(a.Format), Size: a.Size, FileId: a.BlobKey, IsNoteAttachment: a.IsNoteAttachment,
		AccessUrl: a.AccessURL, LotId: a.LotID, Metadata: a.Metadata, CreatedUtc: utctime.From(a.CreatedUtc),
	}
	if a.Parent != nil {
		p := ownerToAPI(*a.Parent)
		out.Parent = &p
	}
	return out
}

func ownerToAPI(o Owner) gen.AttachmentOwner {
	return gen.AttachmentOwner{Type: gen.AttachmentOwnerType(o.Type), Id: o.ID}
}
