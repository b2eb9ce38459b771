// Package postal sends physical letters through a print-and-post API.
//
// Letters are deduplicated by client_reference: a second request with a
// reference the API has already accepted returns the existing letter and is
// not printed again.
package postal

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/rest"
)

type Client struct {
	rest       *rest.Client
	senderName string
	class      string
}

type Option func(*Client) []rest.Option

func WithAPIKey(k string) Option {
	return func(*Client) []rest.Option { return []rest.Option{rest.WithBearerToken(k)} }
}

func WithTimeout(d time.Duration) Option {
	return func(*Client) []rest.Option { return []rest.Option{rest.WithTimeout(d)} }
}

func WithSender(name string) Option {
	return func(c *Client) []rest.Option { c.senderName = name; return nil }
}

// WithPostageClass sets "first" or "second" class; second by default.
func WithPostageClass(class string) Option {
	return func(c *Client) []rest.Option { c.class = class; return nil }
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{class: "second", senderName: "Kestrel Trade Finance"}
	var ro []rest.Option
	for _, o := range opts {
		ro = append(ro, o(c)...)
	}
	c.rest = rest.New(baseURL, ro...)
	return c
}

type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

type LetterRequest struct {
	ClientReference string            `json:"client_reference"`
	To              Address           `json:"to"`
	SenderName      string            `json:"sender_name"`
	TemplateID      string            `json:"template_id"`
	MergeFields     map[string]string `json:"merge_fields"`
	PostageClass    string            `json:"postage_class"`
}

type Letter struct {
	ID               string    `json:"id"`
	Status           string    `json:"status"`
	ExpectedDelivery time.Time `json:"expected_delivery"`
}

func (c *Client) SendLetter(ctx context.Context, req LetterRequest) (*Letter, error) {
	if req.SenderName == "" {
		req.SenderName = c.senderName
	}
	if req.PostageClass == "" {
		req.PostageClass = c.class
	}
	var out Letter
	if err := c.rest.Do(ctx, http.MethodPost, "/v1/letters", req, &out); err != nil {
		return nil, fmt.Errorf("postal: send letter: %w", err)
	}
	return &out, nil
}
