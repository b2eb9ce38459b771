package processor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
)

// Client is the processor API used by services.
type Client interface {
	Authorise(ctx context.Context, req PaymentRequest, opts ...CallOption) (*PaymentResponse, error)
	Refund(ctx context.Context, pspReference string, req RefundRequest, opts ...CallOption) (*RefundResponse, error)
	DisableStoredMethod(ctx context.Context, shopperReference, storedID string, opts ...CallOption) error
	MerchantAccount() string
}

// CallOption customises a single API call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
	requestID      string
}

// WithIdempotencyKey sets the Idempotency-Key header for the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithRequestID tags the call for tracing on the processor's side.
func WithRequestID(id string) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

type client struct {
	base     string
	apiKey   string
	merchant string
	http     *retryablehttp.Client
	log      *zap.Logger
}

// New builds a processor client over go-retryablehttp.
func New(cfg *config.Config, log *zap.Logger) Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 3 * time.Second
	rc.HTTPClient.Timeout = cfg.Processor.Timeout
	rc.Logger = nil
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	return &client{
		base:     cfg.Processor.BaseURL,
		apiKey:   cfg.Processor.APIKey,
		merchant: cfg.Processor.MerchantAccount,
		http:     rc,
		log:      log.Named("processor"),
	}
}

func (c *client) MerchantAccount() string { return c.merchant }

func (c *client) Authorise(ctx context.Context, req PaymentRequest, opts ...CallOption) (*PaymentResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out PaymentResponse
	if err := c.do(ctx, http.MethodPost, "/payments", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) Refund(ctx context.Context, pspReference string, req RefundRequest, opts ...CallOption) (*RefundResponse, error) {
	if req.MerchantAccount == "" {
		req.MerchantAccount = c.merchant
	}
	var out RefundResponse
	path := "/payments/" + url.PathEscape(pspReference) + "/refunds"
	if err := c.do(ctx, http.MethodPost, path, req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) DisableStoredMethod(ctx context.Context, shopperReference, storedID string, opts ...CallOption) error {
	q := url.Values{}
	q.Set("shopperReference", shopperReference)
	q.Set("merchantAccount", c.merchant)
	path := "/storedPaymentMethods/" + url.PathEscape(storedID) + "?" + q.Encode()
	err := c.do(ctx, http.MethodDelete, path, nil, nil, opts)
	var apiErr *APIError
	if err != nil && asAPIError(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound {
		// Already removed.
		return nil
	}
	return err
}

func (c *client) do(ctx context.Context, method, path string, in, out any, opts []CallOption) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}

	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("processor: encode: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-API-Key", c.apiKey)
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.requestID != "" {
		req.Header.Set("X-Request-Id", o.requestID)
	}

	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("processor %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	c.log.Debug("processor call",
		zap.String("method", method),
		zap.String("path", path),
		zap.Int("status", resp.StatusCode),
		zap.Duration("took", time.Since(start)),
		zap.Bool("idempotent", o.idempotencyKey != ""))

	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("processor: read body: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out == nil || len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("processor: decode: %w", err)
	}
	return nil
}

func asAPIError(err error, target **APIError) bool {
	e, ok := err.(*APIError)
	if ok {
		*target = e
	}
	return ok
}
