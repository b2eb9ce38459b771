// Package tips lets riders add a tip to a finished trip. Tips go to the
// driver in full and are charged to the rider's card on file.
package tips

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/ids"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/store"
)

const idempotencyScope = "tips"

// Request is a rider's tip.
type Request struct {
	TripID      string    `json:"-"`
	RiderID     uuid.UUID `json:"rider_id" binding:"required"`
	AmountCents int64     `json:"amount_cents" binding:"required,gt=0"`
	Currency    string    `json:"currency" binding:"required,len=3"`
}

// Result is what the API returns for a tip.
type Result struct {
	TipID        uuid.UUID `json:"tip_id"`
	TripID       string    `json:"trip_id"`
	Status       string    `json:"status"`
	AmountCents  int64     `json:"amount_cents"`
	Currency     string    `json:"currency"`
	PspReference string    `json:"psp_reference,omitempty"`
}

// Errors surfaced to the API layer.
var (
	ErrTripNotFound   = errors.New("trip not found")
	ErrNotYourTrip    = errors.New("trip belongs to another rider")
	ErrWindowClosed   = errors.New("tipping window has closed")
	ErrTipTooLarge    = errors.New("tip exceeds limit")
	ErrPaymentRefused = errors.New("payment refused")
)

// Charger is the subset of the acquirer client used for tips.
type Charger interface {
	ChargeStoredCard(ctx context.Context, p payments.StoredCardPayment, opts ...payments.CallOption) (*payments.PaymentResponse, error)
}

// Service adds tips.
type Service interface {
	AddTip(ctx context.Context, idempotencyKey string, req Request) (Result, error)
}

type service struct {
	sqldb   *sql.DB
	q       *db.Queries
	fares   store.FareRepo
	riders  store.DriverRepo
	idem    store.IdempotencyRepo
	charger Charger
	log     *slog.Logger

	window time.Duration
	maxTip int64
	now    func() time.Time
}

// NewService wires the tip service.
func NewService(sqldb *sql.DB, fares store.FareRepo, riders store.DriverRepo, idem store.IdempotencyRepo, charger Charger, log *slog.Logger) Service {
	return &service{
		sqldb:   sqldb,
		q:       db.New(sqldb),
		fares:   fares,
		riders:  riders,
		idem:    idem,
		charger: charger,
		log:     log,
		window:  72 * time.Hour,
		maxTip:  20000,
		now:     time.Now,
	}
}

func (s *service) AddTip(ctx context.Context, key string, req Request) (Result, error) {
	hash := requestHash(req)
	prior, err := s.idem.Lookup(ctx, idempotencyScope, key)
	if err != nil {
		return Result{}, err
	}
	if prior.Completed() {
		var out Result
		if err := json.Unmarshal(prior.ResponseBody, &out); err != nil {
			return Result{}, fmt.Errorf("decode stored tip response: %w", err)
		}
		return out, nil
	}

	fare, err := s.fares.GetByTrip(ctx, req.TripID)
	if store.IsNotFound(err) {
		return Result{}, ErrTripNotFound
	}
	if err != nil {
		return Result{}, err
	}
	if err := s.validate(fare, req); err != nil {
		return Result{}, err
	}
	pm, err := s.riders.GetRiderPaymentMethod(ctx, req.RiderID)
	if err != nil {
		return Result{}, fmt.Errorf("load payment method: %w", err)
	}

	tipID := uuid.New()
	err = store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		if err := q.InsertTip(ctx, db.InsertTipParams{
			ID:          tipID,
			TripID:      req.TripID,
			RiderID:     req.RiderID,
			DriverID:    fare.DriverID,
			AmountCents: req.AmountCents,
			Currency:    req.Currency,
		}); err != nil {
			return fmt.Errorf("insert tip: %w", err)
		}
		_, err := ledger.Post(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("tip", tipID.String()),
			DriverID:   fare.DriverID,
			Kind:       ledger.KindTip,
			Amount:     req.AmountCents,
			Currency:   req.Currency,
			SourceType: "tip",
			SourceRef:  tipID.String(),
			Memo:       "Rider tip",
		})
		return err
	})
	if err != nil {
		return Result{}, err
	}

	res, err := s.charger.ChargeStoredCard(ctx, payments.StoredCardPayment{
		Amount:           payments.Amount{Value: req.AmountCents, Currency: req.Currency},
		Reference:        "tip-" + tipID.String(),
		ShopperReference: pm.ShopperReference,
		StoredMethodID:   pm.StoredMethodID,
		Statement:        "Trip tip",
	}, payments.WithIdempotencyKey("tip:"+key))
	if err != nil {
		return Result{}, err
	}
	if !res.Authorised() {
		if err := s.reverse(ctx, tipID, fare.DriverID, req); err != nil {
			return Result{}, err
		}
		return Result{}, fmt.Errorf("%w: %s", ErrPaymentRefused, res.RefusalReason)
	}
	if err := s.q.MarkTipCharged(ctx, db.MarkTipChargedParams{
		ID:           tipID,
		PspReference: sql.NullString{String: res.PspReference, Valid: true},
	}); err != nil {
		return Result{}, fmt.Errorf("mark tip charged: %w", err)
	}

	out := Result{
		TipID:        tipID,
		TripID:       req.TripID,
		Status:       "charged",
		AmountCents:  req.AmountCents,
		Currency:     req.Currency,
		PspReference: res.PspReference,
	}
	body, _ := json.Marshal(out)
	if err := s.idem.Save(ctx, store.IdempotencyRecord{
		Scope:        idempotencyScope,
		Key:          key,
		RequestHash:  hash,
		ResponseCode: http.StatusCreated,
		ResponseBody: body,
	}); err != nil {
		s.log.ErrorContext(ctx, "could not store tip response", "tip_id", tipID, "err", err)
	}
	return out, nil
}

func (s *service) validate(fare db.Fare, req Request) error {
	if fare.RiderID != req.RiderID {
		return ErrNotYourTrip
	}
	if s.now().Sub(fare.CreatedAt) > s.window {
		return ErrWindowClosed
	}
	if req.AmountCents > s.maxTip {
		return ErrTipTooLarge
	}
	return nil
}

func (s *service) reverse(ctx context.Context, tipID, driverID uuid.UUID, req Request) error {
	return store.WithTx(ctx, s.sqldb, func(q *db.Queries) error {
		if err := q.MarkTipDeclined(ctx, tipID); err != nil {
			return err
		}
		_, err := ledger.Post(ctx, q, ledger.Entry{
			ID:         ids.LedgerKey("tip_reversal", tipID.String()),
			DriverID:   driverID,
			Kind:       ledger.KindTip,
			Amount:     -req.AmountCents,
			Currency:   req.Currency,
			SourceType: "tip",
			SourceRef:  tipID.String(),
			Memo:       "Tip payment declined",
		})
		return err
	})
}

func requestHash(req Request) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%s|%d|%s", req.TripID, req.RiderID, req.AmountCents, req.Currency)))
	return hex.EncodeToString(sum[:])
}
