package rest

import (
	"context"
	"errors"

	"github.com/encorelane/resale/internal/domain"
	"github.com/encorelane/resale/internal/transport/httpx"
)

type createListingRequest struct {
	EventID    string   `json:"event_id"`
	Section    string   `json:"section"`
	Row        string   `json:"row"`
	Seats      []string `json:"seats"`
	Barcodes   []string `json:"barcodes"`
	PriceCents int64    `json:"price_cents"`
	Currency   string   `json:"currency"`
}

func (r *createListingRequest) Validate() error {
	if r.EventID == "" || r.Section == "" {
		return errors.New("event_id and section are required")
	}
	if r.Currency == "" {
		r.Currency = "USD"
	}
	return nil
}

func (h *Handlers) createListing(ctx context.Context, req createListingRequest) (*domain.Listing, error) {
	return h.listings.Create(ctx, &domain.Listing{
		ID:         h.newListingID(),
		SellerID:   httpx.UserID(ctx),
		EventID:    req.EventID,
		Section:    req.Section,
		Row:        req.Row,
		Seats:      req.Seats,
		Barcodes:   req.Barcodes,
		PriceCents: req.PriceCents,
		Currency:   req.Currency,
	})
}

type listingIDRequest struct {
	ID string `param:"id"`
}

func (h *Handlers) getListing(ctx context.Context, req listingIDRequest) (*domain.Listing, error) {
	return h.listings.Get(ctx, req.ID)
}

func (h *Handlers) cancelListing(ctx context.Context, req listingIDRequest) (httpx.Empty, error) {
	return httpx.Empty{}, h.listings.Cancel(ctx, httpx.UserID(ctx), req.ID)
}
