// Package vouchers issues donor reward vouchers through the gift-voucher
// partner and verifies the partner's webhook signatures.
package vouchers

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/platform/retry"
	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
)

// IssueRequest asks the partner to create a voucher and send it to the donor.
type IssueRequest struct {
	ExternalRef string `json:"external_ref"`
	Recipient   string `json:"recipient_email"`
	Name        string `json:"recipient_name"`
	ValueCents  int    `json:"value_cents"`
	Currency    string `json:"currency"`
	Campaign    string `json:"campaign"`
}

type IssueResponse struct {
	VoucherCode string    `json:"voucher_code"`
	ExpiresAt   time.Time `json:"expires_at"`
}

type Client struct {
	api *apiclient.Client
}

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{api: apiclient.New(baseURL, timeout, apiclient.BearerToken(apiKey))}
}

// Issue creates a voucher. The partner stores the Idempotency-Key for seven
// days and returns the original voucher for a repeated key.
func (c *Client) Issue(ctx context.Context, req IssueRequest, idempotencyKey string) (IssueResponse, error) {
	h := http.Header{}
	if idempotencyKey != "" {
		h.Set("Idempotency-Key", idempotencyKey)
	}
	return retry.DoValue(ctx, retry.PartnerDefault, func() (IssueResponse, error) {
		var out IssueResponse
		_, err := c.api.Do(ctx, http.MethodPost, "/v3/vouchers", req, &out, h)
		var se *apiclient.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			return out, retry.Permanent(err)
		}
		return out, err
	})
}

// VerifySignature checks the X-Voucher-Signature header (hex HMAC-SHA256 of
// the raw body).
func VerifySignature(secret, header string, body []byte) error {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(header)
	if err != nil {
		return fmt.Errorf("signature encoding: %w", err)
	}
	if !hmac.Equal(want, got) {
		return errors.New("signature mismatch")
	}
	return nil
}
