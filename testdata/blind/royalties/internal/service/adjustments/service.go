// Package adjustments records manual credits and debits entered by the
// finance team through the admin API.
package adjustments

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/ids"
	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

const idempotencyScope = "admin.adjustments"

// CreateRequest is an adjustment as entered by finance.
type CreateRequest struct {
	ArtistID    string `json:"artist_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Reason      string `json:"reason"`
	CreatedBy   string `json:"-"`
}

// Outcome is the stored response for an idempotency key.
type Outcome struct {
	Status   int
	Body     json.RawMessage
	Replayed bool
}

// Service creates adjustments.
type Service interface {
	Create(ctx context.Context, idempotencyKey string, req CreateRequest) (Outcome, error)
}

type service struct {
	tx          txm.Manager
	idem        store.Idempotency
	artists     store.Artists
	adjustments store.Adjustments
	ledger      store.Ledger
}

// New returns the adjustments Service.
func New(tx txm.Manager, idem store.Idempotency, artists store.Artists, adjustments store.Adjustments, ledger store.Ledger) Service {
	return &service{tx: tx, idem: idem, artists: artists, adjustments: adjustments, ledger: ledger}
}

func (r CreateRequest) hash() string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%d|%s|%s", r.ArtistID, r.AmountCents, strings.ToLower(r.Currency), r.Reason)
	return hex.EncodeToString(h.Sum(nil))
}

// Create implements Service. The idempotency key is claimed in the same
// transaction as the adjustment and its ledger entry; a repeated request
// either waits for the first to commit and replays its response, or takes
// over the key if the first rolled back.
func (s *service) Create(ctx context.Context, key string, req CreateRequest) (Outcome, error) {
	if key == "" {
		return Outcome{}, domain.Invalid("Idempotency-Key header is required")
	}
	if req.AmountCents == 0 || req.Reason == "" {
		return Outcome{}, domain.Invalid("amount_cents must be non-zero and reason is required")
	}
	hash := req.hash()

	var out Outcome
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		rec, claimed, err := s.idem.Claim(ctx, idempotencyScope, key, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != hash {
				return domain.ErrIdempotencyMismatch
			}
			if !rec.Completed {
				return domain.ErrInFlight
			}
			out = Outcome{Status: rec.ResponseStatus, Body: rec.ResponseBody, Replayed: true}
			return nil
		}

		artist, err := s.artists.Get(ctx, req.ArtistID)
		if err != nil {
			return err
		}
		currency := strings.ToLower(req.Currency)
		if currency == "" {
			currency = artist.PayoutCurrency
		}
		adj := domain.Adjustment{
			ID:          ids.NewULID(),
			ArtistID:    artist.ID,
			AmountCents: req.AmountCents,
			Currency:    currency,
			Reason:      req.Reason,
			CreatedBy:   req.CreatedBy,
		}
		if err := s.adjustments.Insert(ctx, adj); err != nil {
			return err
		}
		if err := s.ledger.Append(ctx, domain.LedgerEntry{
			ID:          ids.NewULID(),
			ArtistID:    artist.ID,
			EntryType:   domain.EntryAdjustment,
			AmountCents: adj.AmountCents,
			Currency:    currency,
			RefType:     "adjustment",
			RefID:       adj.ID,
			Memo:        adj.Reason,
		}); err != nil {
			return err
		}
		body, err := json.Marshal(adj)
		if err != nil {
			return err
		}
		if err := s.idem.Complete(ctx, idempotencyScope, key, http.StatusCreated, body); err != nil {
			return err
		}
		out = Outcome{Status: http.StatusCreated, Body: body}
		return nil
	})
	return out, err
}
