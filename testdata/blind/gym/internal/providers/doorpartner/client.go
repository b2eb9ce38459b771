// Package doorpartner talks to Keyline, the access-control partner that
// provisions member cards and temporary guest credentials on club doors.
package doorpartner

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Card struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Last4  string `json:"last4"`
}

type Credential struct {
	ID        string    `json:"id"`
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expires_at"`
}

type ProvisionCardRequest struct {
	ExternalRef string `json:"external_ref"`
	HolderName  string `json:"holder_name"`
	ClubID      string `json:"site_id"`
	AccessGroup string `json:"access_group"`
}

type TempCredentialRequest struct {
	ExternalRef string    `json:"external_ref"`
	Label       string    `json:"label"`
	PIN         string    `json:"pin"`
	ClubID      string    `json:"site_id"`
	ValidFrom   time.Time `json:"valid_from"`
	ValidUntil  time.Time `json:"valid_until"`
	MaxEntries  int       `json:"max_entries"`
}

// API is the subset of Keyline the services call.
type API interface {
	ProvisionCard(ctx context.Context, req ProvisionCardRequest, opts ...CallOption) (Card, error)
	IssueTemporaryCredential(ctx context.Context, req TempCredentialRequest, opts ...CallOption) (Credential, error)
	RevokeCard(ctx context.Context, cardID string, opts ...CallOption) error
}

type callOptions struct {
	idempotencyKey string
	requestID      string
}

type CallOption func(*callOptions)

// WithIdempotencyKey sets the Idempotency-Key header. Keyline stores keys for
// 72 hours and answers a repeated key with the original response.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

func WithRequestID(id string) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

type Client struct {
	baseURL string
	apiKey  string
	http    *retryablehttp.Client
}

func NewClient(baseURL, apiKey string, log *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 200 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.HTTPClient.Timeout = 10 * time.Second
	rc.Logger = slogAdapter{log}
	return &Client{baseURL: baseURL, apiKey: apiKey, http: rc}
}

func (c *Client) ProvisionCard(ctx context.Context, req ProvisionCardRequest, opts ...CallOption) (Card, error) {
	var out Card
	err := c.do(ctx, http.MethodPost, "/cards", req, &out, opts)
	return out, err
}

func (c *Client) IssueTemporaryCredential(ctx context.Context, req TempCredentialRequest, opts ...CallOption) (Credential, error) {
	var out Credential
	err := c.do(ctx, http.MethodPost, "/credentials/temporary", req, &out, opts)
	return out, err
}

func (c *Client) RevokeCard(ctx context.Context, cardID string, opts ...CallOption) error {
	return c.do(ctx, http.MethodPost, "/cards/"+cardID+"/revoke", struct{}{}, nil, opts)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts []CallOption) error {
	var co callOptions
	for _, o := range opts {
		o(&co)
	}
	buf, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if co.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", co.idempotencyKey)
	}
	if co.requestID != "" {
		req.Header.Set("X-Request-Id", co.requestID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("doorpartner %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("doorpartner %s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	return json.Unmarshal(raw, out)
}

// VerifySignature checks the X-Keyline-Signature header on webhook calls.
func VerifySignature(secret string, body []byte, header string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(header))
}

type slogAdapter struct{ log *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...interface{}) { a.log.Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...interface{})  { a.log.Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...interface{}) { a.log.Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...interface{})  { a.log.Warn(msg, kv...) }
