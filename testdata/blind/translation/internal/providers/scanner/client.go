// Package scanner is the client for ScanGuard, the vendor that scans uploaded
// deliverables for malware before clients can download them.
//
// ScanGuard bills per scan. A submission carrying a client_reference it has
// already seen returns the existing scan instead of starting a new one.
package scanner

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Scan is a ScanGuard job.
type Scan struct {
	ID              string `json:"id"`
	Status          string `json:"status"`
	ClientReference string `json:"client_reference,omitempty"`
}

type submitBody struct {
	FileURL         string `json:"file_url"`
	SHA256          string `json:"sha256"`
	CallbackURL     string `json:"callback_url,omitempty"`
	ClientReference string `json:"client_reference,omitempty"`
	Profile         string `json:"profile,omitempty"`
}

// SubmitRequest describes the file to scan.
type SubmitRequest struct {
	FileURL     string
	SHA256      string
	CallbackURL string
}

// SubmitOption customises a submission.
type SubmitOption func(*submitBody)

// WithClientReference attaches our reference to the scan.
func WithClientReference(ref string) SubmitOption {
	return func(b *submitBody) { b.ClientReference = ref }
}

// WithProfile selects a scan profile ("documents", "archives").
func WithProfile(p string) SubmitOption {
	return func(b *submitBody) { b.Profile = p }
}

// Client submits files for scanning.
type Client interface {
	Submit(ctx context.Context, req SubmitRequest, opts ...SubmitOption) (*Scan, error)
}

type client struct {
	base   string
	apiKey string
	hc     *retryablehttp.Client
}

// New builds a ScanGuard client.
func New(base, apiKey string, hc *retryablehttp.Client) Client {
	return &client{base: base, apiKey: apiKey, hc: hc}
}

func (c *client) Submit(ctx context.Context, req SubmitRequest, opts ...SubmitOption) (*Scan, error) {
	body := submitBody{FileURL: req.FileURL, SHA256: req.SHA256, CallbackURL: req.CallbackURL, Profile: "documents"}
	for _, o := range opts {
		o(&body)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	var out Scan
	if err := platform.DoJSON(ctx, c.hc, "scanguard", http.MethodPost, c.base+"/scans", h, body, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Event is a ScanGuard callback.
type Event struct {
	EventID         string   `json:"event_id"`
	Type            string   `json:"type"`
	ScanID          string   `json:"scan_id"`
	ClientReference string   `json:"client_reference"`
	Verdict         string   `json:"verdict"`
	Threats         []string `json:"threats"`
	Severity        string   `json:"severity"`
}

// ErrBadSignature is returned for callbacks whose signature does not match.
var ErrBadSignature = errors.New("scanguard: bad signature")

// VerifySignature checks the X-ScanGuard-Signature header (hex HMAC-SHA256).
func VerifySignature(secret, header string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(header)) {
		return ErrBadSignature
	}
	return nil
}
