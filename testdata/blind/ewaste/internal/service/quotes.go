package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/circuitback/buyback/internal/model"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/platform/ids"
	"github.com/circuitback/buyback/internal/provider/carrier"
)

type quoteStore interface {
	Create(ctx context.Context, q *model.Quote) error
	Get(ctx context.Context, id uuid.UUID) (*model.Quote, error)
	MarkAccepted(ctx context.Context, id uuid.UUID, now time.Time) (int64, error)
	Expire(ctx context.Context, id uuid.UUID, now time.Time) (int64, error)
}

type tradeInStore interface {
	CreateForQuote(ctx context.Context, t *model.TradeIn) (*model.TradeIn, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*model.TradeIn, error)
	Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error)
	SetFinalOffer(ctx context.Context, id uuid.UUID, cents int64, status string) (int64, error)
	RecordDecision(ctx context.Context, id uuid.UUID, decision string, at time.Time) (int64, error)
	SetWorkflowID(ctx context.Context, id uuid.UUID, workflowID string) error
	MarkStatus(ctx context.Context, id uuid.UUID, status string) error
}

type shipmentStore interface {
	Create(ctx context.Context, s *model.Shipment) error
	CreateReturn(ctx context.Context, s *model.Shipment) (*model.Shipment, error)
	CreateForOrder(ctx context.Context, s *model.Shipment) (*model.Shipment, error)
	Get(ctx context.Context, id uuid.UUID) (*model.Shipment, error)
	ForTradeIn(ctx context.Context, tradeInID uuid.UUID, direction string) (*model.Shipment, error)
	ByTracking(ctx context.Context, carrier, tracking string) (*model.Shipment, error)
	UpdateTrackingStatus(ctx context.Context, id uuid.UUID, status string, at time.Time) (int64, error)
}

type idempotencyStore interface {
	Claim(ctx context.Context, scope, key, requestHash string) (bool, *model.IdempotencyKey, error)
	Complete(ctx context.Context, scope, key, resourceID string, status int) error
}

// LabelBuyer buys and voids prepaid carrier labels.
type LabelBuyer interface {
	CreateLabel(ctx context.Context, req carrier.LabelRequest, idempotencyKey string) (*carrier.Label, error)
	VoidLabel(ctx context.Context, labelID string) error
}

// QuoteService prices devices, and turns accepted quotes into trade-ins
// with an inbound prepaid label.
type QuoteService struct {
	tx        database.Transactor
	quotes    quoteStore
	tradeIns  tradeInStore
	shipments shipmentStore
	idem      idempotencyStore
	carrier   LabelBuyer
	prices    *PriceBook

	warehouseAddressID string
	quoteTTL           time.Duration
	newID              ids.UUIDFunc
	now                Clock
}

type QuoteServiceDeps struct {
	Tx                 database.Transactor
	Quotes             quoteStore
	TradeIns           tradeInStore
	Shipments          shipmentStore
	Idempotency        idempotencyStore
	Carrier            LabelBuyer
	Prices             *PriceBook
	WarehouseAddressID string
	QuoteTTL           time.Duration
}

func NewQuoteService(d QuoteServiceDeps) *QuoteService {
	return &QuoteService{
		tx: d.Tx, quotes: d.Quotes, tradeIns: d.TradeIns, shipments: d.Shipments,
		idem: d.Idempotency, carrier: d.Carrier, prices: d.Prices,
		warehouseAddressID: d.WarehouseAddressID, quoteTTL: d.QuoteTTL,
		newID: ids.NewUUID, now: UTCNow,
	}
}

type CreateQuoteInput struct {
	CustomerID       uuid.UUID `json:"customer_id"`
	DeviceCategory   string    `json:"device_category"`
	Manufacturer     string    `json:"manufacturer"`
	Model            string    `json:"model"`
	StorageGB        int       `json:"storage_gb"`
	ClaimedCondition string    `json:"claimed_condition"`
}

func (in CreateQuoteInput) validate() error {
	switch {
	case in.CustomerID == uuid.Nil:
		return fmt.Errorf("%w: customer_id is required", ErrInvalid)
	case in.Manufacturer == "" || in.Model == "":
		return fmt.Errorf("%w: manufacturer and model are required", ErrInvalid)
	case in.StorageGB < 0:
		return fmt.Errorf("%w: storage_gb must be positive", ErrInvalid)
	}
	return nil
}

// Create prices a device and stores the quote. The caller's Idempotency-Key
// is claimed in the same transaction as the quote row, so a replay returns
// the quote made the first time.
func (s *QuoteService) Create(ctx context.Context, in CreateQuoteInput, idemKey string) (*model.Quote, bool, error) {
	if err := in.validate(); err != nil {
		return nil, false, err
	}
	if idemKey == "" {
		return nil, false, fmt.Errorf("%w: Idempotency-Key header is required", ErrInvalid)
	}
	offer, err := s.prices.Quote(in.Manufacturer, in.Model, in.StorageGB, in.ClaimedCondition)
	if err != nil {
		return nil, false, err
	}
	scope := "quotes.create:" + in.CustomerID.String()
	hash := requestHash(in)

	var (
		quote  *model.Quote
		replay bool
	)
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		claimed, rec, err := s.idem.Claim(ctx, scope, idemKey, hash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != hash {
				return ErrIdempotencyReused
			}
			if rec.ResourceID == nil {
				return fmt.Errorf("%w: request with this key is still in progress", ErrConflict)
			}
			replay = true
			quote, err = s.quotes.Get(ctx, ids.MustParse(*rec.ResourceID))
			return err
		}
		now := s.now()
		quote = &model.Quote{
			ID:               s.newID(),
			CustomerID:       in.CustomerID,
			DeviceCategory:   in.DeviceCategory,
			Manufacturer:     in.Manufacturer,
			Model:            in.Model,
			StorageGB:        in.StorageGB,
			ClaimedCondition: in.ClaimedCondition,
			OfferCents:       offer,
			Currency:         "USD",
			Status:           model.QuoteOffered,
			ExpiresAt:        now.Add(s.quoteTTL),
			CreatedAt:        now,
			UpdatedAt:        now,
		}
		if err := s.quotes.Create(ctx, quote); err != nil {
			return err
		}
		return s.idem.Complete(ctx, scope, idemKey, quote.ID.String(), http.StatusCreated)
	})
	if err != nil {
		return nil, false, wrap("create quote", err)
	}
	return quote, replay, nil
}

func (s *QuoteService) Get(ctx context.Context, id uuid.UUID) (*model.Quote, error) {
	return s.quotes.Get(ctx, id)
}

type AcceptQuoteInput struct {
	PayoutPreference string          `json:"payout_preference"`
	ShipFrom         carrier.Address `json:"ship_from"`
	Packaging        string          `json:"packaging"`
}

type AcceptResult struct {
	TradeIn  *model.TradeIn  `json:"trade_in"`
	Shipment *model.Shipment `json:"shipment"`
}

// Accept converts an offered quote into a trade-in and issues the prepaid
// inbound label the customer prints.
func (s *QuoteService) Accept(ctx context.Context, quoteID uuid.UUID, in AcceptQuoteInput) (*AcceptResult, error) {
	pref := in.PayoutPreference
	if pref == "" {
		pref = model.PreferBankTransfer
	}
	if pref != model.PreferBankTransfer && pref != model.PreferStoreCredit {
		return nil, fmt.Errorf("%w: payout_preference must be bank_transfer or store_credit", ErrInvalid)
	}
	q, err := s.quotes.Get(ctx, quoteID)
	if err != nil {
		return nil, err
	}
	if q.Status == model.QuoteExpired || q.Status == model.QuoteCanceled {
		return nil, fmt.Errorf("%w: quote is %s", ErrConflict, q.Status)
	}

	var ti *model.TradeIn
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		now := s.now()
		var created bool
		ti, created, err = s.tradeIns.CreateForQuote(ctx, &model.TradeIn{
			ID:               s.newID(),
			QuoteID:          q.ID,
			CustomerID:       q.CustomerID,
			Status:           model.TradeInAwaitingLabel,
			QuotedCents:      q.OfferCents,
			Currency:         q.Currency,
			PayoutPreference: pref,
			ReturnAddress:    model.MustJSON(in.ShipFrom),
			CreatedAt:        now,
			UpdatedAt:        now,
		})
		if err != nil || !created {
			return err
		}
		n, err := s.quotes.MarkAccepted(ctx, q.ID, now)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: quote is no longer open", ErrConflict)
		}
		return nil
	})
	if err != nil {
		return nil, wrap("accept quote", err)
	}

	if ti.Status != model.TradeInAwaitingLabel {
		sh, err := s.shipments.ForTradeIn(ctx, ti.ID, model.DirectionInbound)
		if err != nil && !errors.Is(err, database.ErrNotFound) {
			return nil, err
		}
		return &AcceptResult{TradeIn: ti, Shipment: sh}, nil
	}

	req := carrier.LabelRequest{
		From:        &in.ShipFrom,
		ToAddressID: s.warehouseAddressID,
		Parcel:      parcelFor(q.DeviceCategory, in.Packaging),
		Reference:   "TI-" + ti.ID.String(),
		Insurance:   q.OfferCents,
	}
	label, err := s.carrier.CreateLabel(ctx, req, uuid.NewString())
	if err != nil {
		return nil, wrap("buy inbound label", err)
	}

	sh := &model.Shipment{
		ID:             s.newID(),
		TradeInID:      &ti.ID,
		Direction:      model.DirectionInbound,
		Carrier:        carrier.Name,
		CarrierLabelID: label.ID,
		TrackingNumber: label.TrackingNumber,
		LabelURL:       label.LabelURL,
		PostageCents:   label.PostageCents,
		Status:         "label_created",
	}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.shipments.Create(ctx, sh); err != nil {
			return err
		}
		_, err := s.tradeIns.Transition(ctx, ti.ID, []string{model.TradeInAwaitingLabel}, model.TradeInLabelIssued)
		return err
	})
	if err != nil {
		return nil, wrap("store inbound label", err)
	}
	ti.Status = model.TradeInLabelIssued
	return &AcceptResult{TradeIn: ti, Shipment: sh}, nil
}

// ExpireQuote closes an offered quote whose validity has lapsed. Quotes that
// were accepted in the meantime are left alone.
func (s *QuoteService) ExpireQuote(ctx context.Context, quoteID uuid.UUID) error {
	n, err := s.quotes.Expire(ctx, quoteID, s.now())
	if err != nil {
		return wrap("expire quote", err)
	}
	if n == 0 {
		slog.DebugContext(ctx, "quote not expired: already accepted or closed", "quote_id", quoteID)
	}
	return nil
}

func parcelFor(category, packaging string) carrier.Parcel {
	if packaging == "" {
		packaging = "padded_envelope"
	}
	weight := 450
	switch category {
	case "laptop":
		weight, packaging = 2600, "small_box"
	case "tablet":
		weight = 900
	case "console":
		weight, packaging = 1800, "small_box"
	}
	return carrier.Parcel{WeightGrams: weight, Packaging: packaging}
}
