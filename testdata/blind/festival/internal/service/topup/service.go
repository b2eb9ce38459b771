// Package topup credits wallets: online card top-ups, cash and card top-ups
// at the booths, and automatic reloads from a stored card.
package topup

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/clients/payments"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/ids"
	"github.com/loopgate/festival-cashless/internal/store"
)

const (
	ChannelOnline     = "online"
	ChannelBooth      = "booth"
	ChannelAutoreload = "autoreload"

	StatusPending    = "pending"
	StatusAuthorised = "authorised"
	StatusSucceeded  = "succeeded"
	StatusFailed     = "failed"

	scopeOnlineTopup = "topup"

	minTopupCents = 5_00
	maxTopupCents = 250_00
)

// Gateway is the part of the PayBridge client the top-up flows use.
type Gateway interface {
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (*payments.ChargeResponse, error)
}

type Service struct {
	store    *store.Store
	gateway  Gateway
	pub      events.Publisher
	currency string
}

func NewService(s *store.Store, gw Gateway, pub events.Publisher, cfg config.Config) *Service {
	return &Service{store: s, gateway: gw, pub: pub, currency: cfg.Currency}
}

type OnlineInput struct {
	WalletID       uuid.UUID
	AttendeeID     uuid.UUID
	AmountCents    int64
	IdempotencyKey string
	PaymentMethod  payments.PaymentMethod
	ReturnURL      string
}

type OnlineResult struct {
	TopupID      string `json:"topup_id"`
	Status       string `json:"status"`
	PSPReference string `json:"psp_reference,omitempty"`
	RedirectURL  string `json:"redirect_url,omitempty"`
}

func validAmount(amount int64) error {
	if amount < minTopupCents || amount > maxTopupCents {
		return apperr.Invalid("amount", "top-up must be between %d and %d cents", minTopupCents, maxTopupCents)
	}
	return nil
}

// StartOnline records the top-up under the caller's idempotency key and
// authorises the card. The wallet is credited when the AUTHORISATION
// webhook arrives.
func (s *Service) StartOnline(ctx context.Context, in OnlineInput) (OnlineResult, error) {
	if err := validAmount(in.AmountCents); err != nil {
		return OnlineResult{}, err
	}
	if in.IdempotencyKey == "" {
		return OnlineResult{}, apperr.Invalid("idempotency_key", "Idempotency-Key header is required")
	}
	w, err := s.store.GetWallet(ctx, in.WalletID)
	if err != nil {
		if store.NoRows(err) {
			return OnlineResult{}, apperr.NotFound("wallet_not_found", "wallet %s not found", in.WalletID)
		}
		return OnlineResult{}, err
	}
	if w.AttendeeID != in.AttendeeID {
		return OnlineResult{}, apperr.Forbidden("not_owner", "wallet does not belong to caller")
	}

	t, err := store.InTxResult(ctx, s.store, func(q *db.Queries) (db.Topup, error) {
		id := ids.NewULID()
		_, err := q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{
			Scope:      scopeOnlineTopup,
			Key:        in.IdempotencyKey,
			ResourceID: id,
		})
		if store.NoRows(err) {
			prior, err := q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scopeOnlineTopup, Key: in.IdempotencyKey})
			if err != nil {
				return db.Topup{}, err
			}
			return q.GetTopup(ctx, prior.ResourceID)
		}
		if err != nil {
			return db.Topup{}, err
		}
		return q.CreateTopup(ctx, db.CreateTopupParams{
			ID:          id,
			WalletID:    in.WalletID,
			Channel:     ChannelOnline,
			Method:      in.PaymentMethod.Type,
			AmountCents: in.AmountCents,
			Status:      StatusPending,
		})
	})
	if err != nil {
		return OnlineResult{}, err
	}
	if t.WalletID != in.WalletID || t.AmountCents != in.AmountCents {
		return OnlineResult{}, apperr.Conflict("idempotency_mismatch", "idempotency key reused with a different request")
	}
	if t.Status != StatusPending {
		return resultOf(t), nil
	}

	res, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		Reference:        t.ID,
		Amount:           payments.Amount{Currency: s.currency, Value: t.AmountCents},
		PaymentMethod:    in.PaymentMethod,
		ShopperReference: in.AttendeeID.String(),
		ReturnURL:        in.ReturnURL,
		Metadata:         map[string]string{"wallet_id": in.WalletID.String(), "channel": ChannelOnline},
	}, payments.WithIdempotencyKey("topup-"+t.ID))
	if err != nil {
		return OnlineResult{}, fmt.Errorf("charge top-up %s: %w", t.ID, err)
	}
	out := OnlineResult{TopupID: t.ID, Status: StatusPending, PSPReference: res.PSPReference}
	if res.Action != nil {
		out.RedirectURL = res.Action.URL
	}
	if res.Authorised() {
		psp := res.PSPReference
		if err := s.store.SetTopupAuthorised(ctx, db.SetTopupAuthorisedParams{ID: t.ID, PspReference: &psp}); err != nil {
			return OnlineResult{}, err
		}
		out.Status = StatusAuthorised
	}
	return out, nil
}

func resultOf(t db.Topup) OnlineResult {
	r := OnlineResult{TopupID: t.ID, Status: t.Status}
	if t.PspReference != nil {
		r.PSPReference = *t.PspReference
	}
	return r
}

type BoothInput struct {
	BoothID      string
	OperatorID   string
	WristbandUID string
	AmountCents  int64
	Method       string
	// TerminalPSPReference is set for card payments taken on the booth's
	// own card reader.
	TerminalPSPReference string
}

type BoothResult struct {
	TopupID      string `json:"topup_id"`
	BalanceCents int64  `json:"balance_cents"`
}

// BoothTopUp credits a wristband at a top-up booth. Cash is counted by the
// operator; card payments were already captured by the booth's reader.
func (s *Service) BoothTopUp(ctx context.Context, in BoothInput) (BoothResult, error) {
	if err := validAmount(in.AmountCents); err != nil {
		return BoothResult{}, err
	}
	if in.Method != "cash" && in.Method != "card" {
		return BoothResult{}, apperr.Invalid("method", "method must be cash or card")
	}
	if in.Method == "card" && in.TerminalPSPReference == "" {
		return BoothResult{}, apperr.Invalid("psp_reference", "card top-ups need the terminal psp reference")
	}
	wb, err := s.store.GetWristband(ctx, in.WristbandUID)
	if err != nil {
		if store.NoRows(err) {
			return BoothResult{}, apperr.NotFound("wristband_not_found", "wristband %s not found", in.WristbandUID)
		}
		return BoothResult{}, err
	}
	if wb.WalletID == nil || wb.Status != "active" {
		return BoothResult{}, apperr.Conflict("wristband_state", "wristband %s is %s", wb.Uid, wb.Status)
	}

	var psp *string
	if in.TerminalPSPReference != "" {
		psp = &in.TerminalPSPReference
	}
	return store.InTxResult(ctx, s.store, func(q *db.Queries) (BoothResult, error) {
		t, err := q.CreateTopup(ctx, db.CreateTopupParams{
			ID:           ids.NewULID(),
			WalletID:     *wb.WalletID,
			Channel:      ChannelBooth,
			BoothID:      &in.BoothID,
			Method:       in.Method,
			AmountCents:  in.AmountCents,
			Status:       StatusSucceeded,
			PspReference: psp,
		})
		if err != nil {
			if store.IsUniqueViolation(err) {
				return BoothResult{}, apperr.Conflict("duplicate_card_payment", "card payment already booked")
			}
			return BoothResult{}, err
		}
		w, err := q.CreditWallet(ctx, db.CreditWalletParams{ID: t.WalletID, Amount: t.AmountCents})
		if err != nil {
			return BoothResult{}, err
		}
		if err := store.Post(ctx, q, t.WalletID, store.LedgerTopup, t.AmountCents, "booth:"+in.BoothID+":"+t.ID); err != nil {
			return BoothResult{}, err
		}
		return BoothResult{TopupID: t.ID, BalanceCents: w.BalanceCents}, nil
	})
}
