package attachments

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"mos/internal/platform/apperr"
	"mos/internal/platform/auth"
	"mos/internal/platform/blob"
	"mos/internal/shared/attachments/internal/fileformat"
)

// Download answers how to deliver an attachment's file under the download name asked for
// (the attachment's name when nil): a remote attachment redirects to its URL, a file over
// the redirect threshold to a signed URL (the store's own, or this server's signed content
// route), any other file is opened for streaming.
func (s *Service) Download(ctx context.Context, p auth.Principal, id string, name *string) (Download, error) {
	a, err := s.Get(ctx, p, id)
	if err != nil {
		return Download{}, err
	}
	downloadName := cleanDownloadName(a, name)
	if a.Remote() {
		return Download{Redirect: *a.AccessURL}, nil
	}
	if a.Size > s.cfg.RedirectAboveBytes {
		u, err := s.signedURL(ctx, p.TenantID, a, downloadName)
		if err != nil {
			return Download{}, err
		}
		return Download{Redirect: u}, nil
	}
	return s.open(ctx, a, downloadName)
}

// cleanDownloadName is the name a download asks for, or the attachment's when none (or a
// blank one) is asked for.
func cleanDownloadName(a Attachment, asked *string) string {
	if asked != nil {
		if n := strings.TrimSpace(*asked); n != "" {
			return n
		}
	}
	return a.Name
}

// SignedContent opens the file a signed URL names, after checking its signature (which
// covers the tenant, the attachment, the download name and the expiry) and expiry: 403
// otherwise. An attachment deleted since is 404.
func (s *Service) SignedContent(ctx context.Context, tenantID, id, name string, expires int64, signature string) (Download, error) {
	want := s.sign(tenantID, id, name, expires)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(got, want) {
		return Download{}, apperr.Forbidden("the URL's signature does not match it")
	}
	if time.Now().Unix() > expires {
		return Download{}, apperr.Forbidden("the URL has expired")
	}
	a, err := s.store.get(ctx, s.pool, tenantID, id)
	if err != nil {
		return Download{}, err
	}
	if a.Remote() {
		return Download{}, notFound(id)
	}
	return s.open(ctx, a, name)
}

// open opens a stored attachment's content.
func (s *Service) open(ctx context.Context, a Attachment, downloadName string) (Download, error) {
	rc, b, err := s.cfg.Blobs.Open(ctx, *a.BlobKey)
	if errors.Is(err, blob.ErrNotFound) {
		return Download{}, notFound(a.ID) // deleted (and its content released) meanwhile
	}
	if err != nil {
		return Download{}, fmt.Errorf("open attachment %s: %w", a.ID, err)
	}
	return Download{File: rc, Size: b.Size, Name: downloadName, ContentType: fileformat.ContentType(a.Name)}, nil
}

// signedURL is where a large file can be fetched from without a token until the TTL runs
// out: the store's own presigned URL when it can make one, else this server's signed
// content route (a relative URL: same origin).
func (s *Service) signedURL(ctx context.Context, tenantID string, a Attachment, name string) (string, error) {
	expires := time.Now().Add(s.cfg.SignedURLTTL)
	if ps, ok := s.cfg.Blobs.(blob.Presigner); ok {
		u, err := ps.PresignGet(ctx, *a.BlobKey, SanitizeName(name), expires)
		if err != nil {
			return "", fmt.Errorf("presign attachment %s: %w", a.ID, err)
		}
		return u, nil
	}
	return SignedContentURL(s.cfg.SigningKey, tenantID, a.ID, name, expires), nil
}

// SignedContentURL is the signed, same-origin URL of an attachment's content (the
// getSignedAttachmentContent route) under key, valid until expires.
func SignedContentURL(key []byte, tenantID, id, name string, expires time.Time) string {
	q := url.Values{}
	q.Set("tenant", tenantID)
	q.Set("name", name)
	q.Set("expires", strconv.FormatInt(expires.Unix(), 10))
	q.Set("signature", hex.EncodeToString(sign(key, tenantID, id, name, expires.Unix())))
	return "/api/attachments/" + url.PathEscape(id) + "/content?" + q.Encode()
}

func (s *Service) sign(tenantID, id, name string, expires int64) []byte {
	return sign(s.cfg.SigningKey, tenantID, id, name, expires)
}

// sign is the HMAC-SHA256 of a signed URL's members, each length-prefixed so no two
// different URLs sign the same bytes.
func sign(key []byte, tenantID, id, name string, expires int64) []byte {
	mac := hmac.New(sha256.New, key)
	for _, part := range []string{"attachment-content", tenantID, id, name, strconv.FormatInt(expires, 10)} {
		fmt.Fprintf(mac, "%d:%s;", len(part), part)
	}
	return mac.Sum(nil)
}

// SanitizeName makes a file name safe to put in a header or an archive: line breaks and
// other control characters, invisible format characters (Unicode Cf: a right-to-left
// override would show `invoice\u202Efdp.exe` as "invoiceexe.pdf", zero-width spaces hide
// in look-alike names), quotes, backslashes and slashes (path separators) are removed, and
// the rest trimmed. A name with nothing left is "file".
func SanitizeName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune("\"\\/", r) ||
			r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." {
		return "file"
	}
	return name
}

// ContentDisposition is the Content-Disposition header of a download named name:
// `attachment; filename="<name>"`, the name sanitised; a name beyond ASCII also gets an
// RFC 6266 filename* with its UTF-8 bytes, and an ASCII stand-in in filename.
func ContentDisposition(name string) string {
	name = SanitizeName(name)
	ascii := true
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return `attachment; filename="` + name + `"`
	}
	fallback := strings.Map(func(r rune) rune {
		if r >= utf8.RuneSelf {
			return '_'
		}
		return r
	}, name)
	return `attachment; filename="` + fallback + `"; filename*=UTF-8''` + encodeRFC5987(name)
}

// encodeRFC5987 percent-encodes every byte of s that is not an attr-char (RFC 5987).
func encodeRFC5987(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
