// Package webhookout delivers signed webhooks to grantee callback URLs.
// Grantee endpoints are arbitrary third-party servers; they get no
// delivery id they could deduplicate on.
package webhookout

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/civicfund/grants/internal/platform/httpx"
)

// Client implements ports.GranteeNotifier.
type Client struct {
	secret []byte
	http   *http.Client
	now    func() time.Time
}

// New builds a client signing with secret.
func New(secret string) *Client {
	return &Client{secret: []byte(secret), http: httpx.DefaultClient, now: time.Now}
}

// Post signs and posts payload to url. It returns the HTTP status code.
func (c *Client) Post(ctx context.Context, url string, payload any) (int, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return 0, err
	}
	ts := strconv.FormatInt(c.now().Unix(), 10)
	mac := hmac.New(sha256.New, c.secret)
	mac.Write([]byte(ts + "." + string(raw)))
	headers := map[string]string{
		"X-Civicfund-Timestamp": ts,
		"X-Civicfund-Signature": hex.EncodeToString(mac.Sum(nil)),
	}
	return httpx.PostJSON(ctx, c.http, url, headers, json.RawMessage(raw), nil)
}
