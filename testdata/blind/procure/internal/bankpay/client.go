package bankpay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/northmill/procure/internal/platform/config"
)

// Client calls the payments API.
type Client struct {
	baseURL      string
	clientID     string
	clientSecret string
	http         *http.Client
	maxElapsed   time.Duration

	mu          sync.Mutex
	token       string
	tokenExpiry time.Time
}

// NewClient builds a client from configuration.
func NewClient(cfg config.Config) *Client {
	return &Client{
		baseURL:      strings.TrimRight(cfg.BankBaseURL, "/"),
		clientID:     cfg.BankClientID,
		clientSecret: cfg.BankClientSecret,
		http:         &http.Client{Timeout: 15 * time.Second},
		maxElapsed:   45 * time.Second,
	}
}

// APIError is a non-2xx response.
type APIError struct {
	Status  int    `json:"-"`
	Code    string `json:"error"`
	Message string `json:"error_description"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("bankpay: %d %s: %s", e.Status, e.Code, e.Message)
}

func (e *APIError) retryable() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// CreatePayment initiates a payment.
func (c *Client) CreatePayment(ctx context.Context, req PaymentRequest) (Payment, error) {
	var out Payment
	err := c.send(ctx, request{
		method:         http.MethodPost,
		path:           "/v2/payments",
		idempotencyKey: req.IdempotencyKey,
		body:           req,
	}, &out)
	return out, err
}

// GetPayment fetches a payment by the bank's ID.
func (c *Client) GetPayment(ctx context.Context, id string) (Payment, error) {
	var out Payment
	err := c.send(ctx, request{method: http.MethodGet, path: "/v2/payments/" + url.PathEscape(id)}, &out)
	return out, err
}

// CancelPayment asks the bank to stop a payment that has not been executed.
func (c *Client) CancelPayment(ctx context.Context, id string) (Payment, error) {
	var out Payment
	err := c.send(ctx, request{method: http.MethodPost, path: "/v2/payments/" + url.PathEscape(id) + "/cancel"}, &out)
	return out, err
}

type request struct {
	method         string
	path           string
	idempotencyKey string
	body           any
}

// send performs the request, retrying transport errors, 429 and 5xx with
// exponential backoff. The body is encoded once so every attempt is
// byte-identical.
func (c *Client) send(ctx context.Context, r request, out any) error {
	var payload []byte
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return err
		}
		payload = b
	}

	bo := backoff.NewExponentialBackOff()
	bo.InitialInterval = 300 * time.Millisecond
	bo.MaxElapsedTime = c.maxElapsed

	op := func() error {
		token, err := c.accessToken(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, r.method, c.baseURL+r.path, bytes.NewReader(payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept", "application/json")
		if payload != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if r.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", r.idempotencyKey)
		}

		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode == http.StatusUnauthorized {
			c.invalidateToken()
			return &APIError{Status: resp.StatusCode, Code: "unauthorized"}
		}
		if resp.StatusCode >= 300 {
			apiErr := &APIError{Status: resp.StatusCode}
			_ = json.Unmarshal(raw, apiErr)
			if apiErr.retryable() {
				return apiErr
			}
			return backoff.Permanent(apiErr)
		}
		if out != nil && len(raw) > 0 {
			if err := json.Unmarshal(raw, out); err != nil {
				return backoff.Permanent(err)
			}
		}
		return nil
	}

	err := backoff.Retry(op, backoff.WithContext(bo, ctx))
	var perm *backoff.PermanentError
	if errors.As(err, &perm) {
		return perm.Err
	}
	return err
}

type tokenResponse struct {
	AccessToken string `json:"access_token"`
	ExpiresIn   int    `json:"expires_in"`
}

func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && time.Now().Before(c.tokenExpiry) {
		return c.token, nil
	}
	form := url.Values{"grant_type": {"client_credentials"}, "scope": {"payments"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(c.clientID, c.clientSecret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", &APIError{Status: resp.StatusCode, Code: "token"}
	}
	var tr tokenResponse
	if err := json.NewDecoder(resp.Body).Decode(&tr); err != nil {
		return "", err
	}
	c.token = tr.AccessToken
	c.tokenExpiry = time.Now().Add(time.Duration(tr.ExpiresIn-30) * time.Second)
	return c.token, nil
}

func (c *Client) invalidateToken() {
	c.mu.Lock()
	c.token = ""
	c.mu.Unlock()
}
