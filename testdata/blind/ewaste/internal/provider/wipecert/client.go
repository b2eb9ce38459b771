// Package wipecert is the client for EraseCert, the certification authority
// that issues NIST 800-88 data-sanitisation certificates for wiped devices.
//
// POST /certificates is de-duplicated on request_id: a repeated request_id
// returns the certificate already issued for it.
package wipecert

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/circuitback/buyback/internal/provider/httpx"
)

const Name = "erasecert"

type CertificateRequest struct {
	RequestID    string         `json:"request_id"`
	SerialNumber string         `json:"serial_number"`
	IMEI         string         `json:"imei,omitempty"`
	Manufacturer string         `json:"manufacturer"`
	Model        string         `json:"model"`
	Method       string         `json:"method"` // purge | clear | crypto_erase
	Standard     string         `json:"standard"`
	Station      string         `json:"station"`
	CompletedAt  time.Time      `json:"completed_at"`
	Evidence     map[string]any `json:"evidence,omitempty"`
}

type Certificate struct {
	ID          string    `json:"id"`
	Number      string    `json:"certificate_number"`
	DocumentURL string    `json:"document_url"`
	IssuedAt    time.Time `json:"issued_at"`
}

type Client struct {
	http *httpx.Client
}

func New(baseURL, apiKey string) *Client {
	return &Client{http: httpx.New(Name, strings.TrimRight(baseURL, "/"), func(r *http.Request) {
		r.Header.Set("Authorization", "Token "+apiKey)
	})}
}

// IssueCertificate requests a certificate for a completed wipe.
func (c *Client) IssueCertificate(ctx context.Context, in CertificateRequest) (*Certificate, error) {
	if in.Standard == "" {
		in.Standard = "NIST SP 800-88 Rev.1"
	}
	var out Certificate
	if err := c.http.Do(ctx, http.MethodPost, "/certificates", in, &out, nil); err != nil {
		return nil, fmt.Errorf("issue certificate %s: %w", in.RequestID, err)
	}
	return &out, nil
}
