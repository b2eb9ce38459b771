// Package carrier is the client for the telecom carrier's partner API used to
// credit airtime and activate data bundles.
package carrier

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type API interface {
	CreditAirtime(ctx context.Context, req CreditRequest) (*CreditResponse, error)
	ActivateBundle(ctx context.Context, req BundleActivation) (*ActivationResponse, error)
}

type Client struct {
	http      *retryablehttp.Client
	baseURL   string
	apiKey    string
	partnerID string
	log       *slog.Logger
}

type Options struct {
	BaseURL   string
	APIKey    string
	PartnerID string
	Timeout   time.Duration
	Logger    *slog.Logger
}

func New(opts Options) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 4 * time.Second
	rc.HTTPClient.Timeout = opts.Timeout
	rc.Logger = nil
	rc.ErrorHandler = retryablehttp.PassthroughErrorHandler
	log := opts.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Client{
		http:      rc,
		baseURL:   opts.BaseURL,
		apiKey:    opts.APIKey,
		partnerID: opts.PartnerID,
		log:       log.With("component", "carrier"),
	}
}

func (c *Client) CreditAirtime(ctx context.Context, in CreditRequest) (*CreditResponse, error) {
	req, err := c.newRequest(ctx, http.MethodPost, "/airtime/credits", in,
		withIdempotencyKey(in.IdempotencyKey), withCorrelation(in.Reference))
	if err != nil {
		return nil, err
	}
	var out CreditResponse
	if err := c.send(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) ActivateBundle(ctx context.Context, in BundleActivation) (*ActivationResponse, error) {
	req, err := c.newRequest(ctx, http.MethodPost, "/bundles/activations", in,
		withIdempotencyKey(in.IdempotencyKey), withCorrelation(in.Reference))
	if err != nil {
		return nil, err
	}
	var out ActivationResponse
	if err := c.send(req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) send(req *retryablehttp.Request, out any) error {
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("carrier: %s %s: %w", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("carrier: read body: %w", err)
	}
	c.log.Debug("carrier call", "path", req.URL.Path, "status", resp.StatusCode, "took", time.Since(start))
	if !isSuccess(resp.StatusCode) {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(body, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("carrier: decode response: %w", err)
	}
	return nil
}
