// Package promoter is the client for the promoter's ticketing API, through
// which purchased tickets are re-issued to buyers.
package promoter

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/httpclient"
)

// TransferRequest moves tickets from the platform's custody account to a
// buyer. ClientReference is the promoter's dedup key: a second request
// with the same reference returns the original transfer instead of
// creating another.
type TransferRequest struct {
	EventID         string   `json:"event_id"`
	Barcodes        []string `json:"barcodes"`
	RecipientEmail  string   `json:"recipient_email"`
	RecipientName   string   `json:"recipient_name,omitempty"`
	ClientReference string   `json:"client_reference,omitempty"`
}

type Transfer struct {
	ID              string `json:"id"`
	Status          string `json:"status"`
	ClientReference string `json:"client_reference"`
}

type TicketStatus struct {
	Barcode string `json:"barcode"`
	Valid   bool   `json:"valid"`
	Owner   string `json:"owner_account"`
}

// Client is the surface the services use; wired to *HTTPClient in main.
type Client interface {
	CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error)
	VerifyTickets(ctx context.Context, eventID string, barcodes []string) ([]TicketStatus, error)
}

var ErrTicketsInvalid = errors.New("promoter rejected one or more barcodes")

type HTTPClient struct {
	base   string
	apiKey string
	http   *retryablehttp.Client
}

func NewHTTPClient(cfg *config.Config, log *slog.Logger) *HTTPClient {
	return &HTTPClient{
		base:   cfg.Promoter.BaseURL,
		apiKey: cfg.Promoter.APIKey,
		http: httpclient.New(httpclient.Options{
			Timeout:  cfg.Promoter.Timeout,
			RetryMax: cfg.Promoter.RetryMax,
			Logger:   log.With("provider", "promoter"),
		}),
	}
}

func (c *HTTPClient) headers() map[string]string {
	return map[string]string{"Authorization": "Bearer " + c.apiKey}
}

func (c *HTTPClient) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	var out Transfer
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.base + "/v2/transfers",
		Headers: c.headers(),
		Body:    req,
	}, &out)
	if err != nil {
		var apiErr *httpclient.APIError
		if errors.As(err, &apiErr) && apiErr.Status == http.StatusUnprocessableEntity {
			return nil, fmt.Errorf("%w: %s", ErrTicketsInvalid, apiErr.Body)
		}
		return nil, fmt.Errorf("promoter create transfer: %w", err)
	}
	return &out, nil
}

func (c *HTTPClient) VerifyTickets(ctx context.Context, eventID string, barcodes []string) ([]TicketStatus, error) {
	var out struct {
		Tickets []TicketStatus `json:"tickets"`
	}
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.base + "/v2/events/" + url.PathEscape(eventID) + "/tickets:verify",
		Headers: c.headers(),
		Body:    map[string]any{"barcodes": barcodes},
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("promoter verify tickets: %w", err)
	}
	return out.Tickets, nil
}
