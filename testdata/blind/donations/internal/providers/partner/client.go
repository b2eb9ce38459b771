package partner

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/kindredgive/donations/internal/config"
)

// Client is the partner API.
type Client interface {
	SubmitClaim(ctx context.Context, req *ClaimRequest) (*ClaimResponse, error)
	VerifySignature(body []byte, signature string) bool
}

// ClaimResponse is the partner's view of a claim.
type ClaimResponse struct {
	ID              string    `json:"id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	CreatedAt       time.Time `json:"created_at"`
}

// StatusError is a non-2xx response.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string {
	return "partner: status " + strconv.Itoa(e.Code) + ": " + e.Body
}

// Retryable reports whether the partner asked us to try again later.
func (e *StatusError) Retryable() bool { return e.Code == 429 || e.Code >= 500 }

type client struct {
	base     string
	clientID string
	secret   []byte
	http     *http.Client
}

// New returns a partner API client.
func New(cfg *config.Config) Client {
	return &client{
		base:     cfg.Partner.BaseURL,
		clientID: cfg.Partner.ClientID,
		secret:   []byte(cfg.Partner.Secret),
		http:     &http.Client{Timeout: 15 * time.Second},
	}
}

func (c *client) SubmitClaim(ctx context.Context, r *ClaimRequest) (*ClaimResponse, error) {
	var out ClaimResponse
	if err := c.call(ctx, http.MethodPost, "/claims", r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) VerifySignature(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}

func (c *client) call(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	var payload []byte
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		payload = b
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, c.secret)
	mac.Write([]byte(ts))
	mac.Write(payload)
	req.Header.Set("X-Client-Id", c.clientID)
	req.Header.Set("X-Timestamp", ts)
	req.Header.Set("X-Signature", hex.EncodeToString(mac.Sum(nil)))
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("partner %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 256<<10))
	if resp.StatusCode >= 300 {
		return &StatusError{Code: resp.StatusCode, Body: string(raw)}
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}
