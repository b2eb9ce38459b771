// Package bureau pulls commercial credit reports.
//
// Every report pull is billed. A pull carrying a client_reference that was
// already used in the last 24 hours returns the earlier report without a new
// charge.
package bureau

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/rest"
)

type Client struct {
	rest    *rest.Client
	product string
}

type Option func(*options)

type options struct {
	apiKey  string
	timeout time.Duration
	product string
	extra   []rest.Option
}

func WithAPIKey(k string) Option         { return func(o *options) { o.apiKey = k } }
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// WithProduct selects the report product, "commercial_basic" by default.
func WithProduct(p string) Option { return func(o *options) { o.product = p } }

func WithRESTOptions(ro ...rest.Option) Option {
	return func(o *options) { o.extra = append(o.extra, ro...) }
}

func New(baseURL string, opts ...Option) *Client {
	o := options{product: "commercial_basic", timeout: 30 * time.Second}
	for _, fn := range opts {
		fn(&o)
	}
	ro := append([]rest.Option{
		rest.WithHeader("X-Api-Key", o.apiKey),
		rest.WithTimeout(o.timeout),
	}, o.extra...)
	return &Client{rest: rest.New(baseURL, ro...), product: o.product}
}

type ReportRequest struct {
	ClientReference    string `json:"client_reference,omitempty"`
	Country            string `json:"country"`
	RegistrationNumber string `json:"registration_number"`
	Product            string `json:"product"`
}

type Report struct {
	ReportID         string `json:"report_id"`
	Score            int    `json:"score"`
	RecommendedLimit int64  `json:"recommended_limit_minor"`
	RiskBand         string `json:"risk_band"`
	Insolvency       bool   `json:"insolvency_flag"`
}

func (c *Client) PullReport(ctx context.Context, req ReportRequest) (*Report, error) {
	if req.Product == "" {
		req.Product = c.product
	}
	var out Report
	if err := c.rest.Do(ctx, http.MethodPost, "/v3/reports", req, &out); err != nil {
		return nil, fmt.Errorf("bureau: pull report: %w", err)
	}
	return &out, nil
}
