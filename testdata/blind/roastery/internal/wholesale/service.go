// Package wholesale takes cafe orders on credit terms and raises their
// invoices.
package wholesale

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/ids"
	"github.com/ridgeline-coffee/roastery/internal/models"
)

// Errors returned to the API layer.
var (
	ErrInvalid           = errors.New("wholesale: invalid order")
	ErrUnknownCafe       = errors.New("wholesale: unknown cafe")
	ErrAccountOnHold     = errors.New("wholesale: account on hold")
	ErrCreditExceeded    = errors.New("wholesale: credit limit exceeded")
	ErrInsufficientStock = errors.New("wholesale: insufficient stock")
	ErrNotFound          = errors.New("wholesale: order not found")
)

// Service is the wholesale order API used by the HTTP handlers.
type Service interface {
	PlaceOrder(ctx context.Context, req PlaceOrderRequest) (*models.WholesaleOrder, error)
	GetOrder(ctx context.Context, id string) (*models.WholesaleOrder, error)
}

// LineRequest is one SKU on an incoming order.
type LineRequest struct {
	SKU  string `json:"sku"`
	Bags int    `json:"bags"`
}

// PlaceOrderRequest is a cafe order.
type PlaceOrderRequest struct {
	IdempotencyKey string        `json:"-"`
	CafeID         string        `json:"cafe_id"`
	PONumber       string        `json:"po_number,omitempty"`
	Lines          []LineRequest `json:"lines"`
}

func (r PlaceOrderRequest) validate() error {
	if r.CafeID == "" || len(r.Lines) == 0 {
		return fmt.Errorf("%w: cafe_id and at least one line are required", ErrInvalid)
	}
	seen := map[string]bool{}
	for _, l := range r.Lines {
		if l.Bags <= 0 || strings.TrimSpace(l.SKU) == "" {
			return fmt.Errorf("%w: each line needs a sku and a positive bag count", ErrInvalid)
		}
		if seen[l.SKU] {
			return fmt.Errorf("%w: duplicate sku %s", ErrInvalid, l.SKU)
		}
		seen[l.SKU] = true
	}
	return nil
}

const placeOrderScope = "wholesale.place_order"

type service struct {
	db     *gorm.DB
	orders *db.Repo[models.WholesaleOrder]
	idem   *db.Repo[models.IdempotencyRecord]
	log    *slog.Logger
}

// NewService returns the gorm-backed wholesale service.
func NewService(gdb *gorm.DB, log *slog.Logger) Service {
	return &service{
		db:     gdb,
		orders: db.NewRepo[models.WholesaleOrder](gdb),
		idem:   db.NewRepo[models.IdempotencyRecord](gdb),
		log:    log.With("component", "wholesale"),
	}
}

// PlaceOrder reserves stock, checks the cafe's credit and records the order.
// Callers may send an Idempotency-Key; a repeated key returns the order the
// first request created.
func (s *service) PlaceOrder(ctx context.Context, req PlaceOrderRequest) (*models.WholesaleOrder, error) {
	if err := req.validate(); err != nil {
		return nil, err
	}
	if req.IdempotencyKey != "" {
		rec, err := s.idem.FindOne(ctx, "scope = ? AND key = ?", placeOrderScope, req.IdempotencyKey)
		switch {
		case err == nil:
			return s.GetOrder(ctx, rec.ResourceID)
		case !errors.Is(err, db.ErrNotFound):
			return nil, err
		}
	}

	order := &models.WholesaleOrder{
		ID:     ids.New("wo"),
		CafeID: req.CafeID,
		Status: models.OrderPlaced,
	}
	if req.PONumber != "" {
		po := req.PONumber
		order.PONumber = &po
	}

	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cafe models.Cafe
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&cafe, "id = ?", req.CafeID).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return ErrUnknownCafe
		}
		if err != nil {
			return err
		}
		if cafe.OnHold {
			return ErrAccountOnHold
		}

		var total int64
		for _, l := range req.Lines {
			var inv models.RoastedInventory
			err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&inv, "sku = ?", l.SKU).Error
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return fmt.Errorf("%w: unknown sku %s", ErrInvalid, l.SKU)
			}
			if err != nil {
				return err
			}
			if inv.Available() < l.Bags {
				return fmt.Errorf("%w: %s has %d bags available", ErrInsufficientStock, l.SKU, inv.Available())
			}
			if err := tx.Model(&models.RoastedInventory{}).Where("sku = ?", l.SKU).
				Update("bags_reserved", gorm.Expr("bags_reserved + ?", l.Bags)).Error; err != nil {
				return err
			}
			order.Lines = append(order.Lines, models.WholesaleOrderLine{
				OrderID:        order.ID,
				SKU:            l.SKU,
				Bags:           l.Bags,
				UnitPriceCents: inv.WholesalePriceCents,
			})
			total += int64(l.Bags) * inv.WholesalePriceCents
		}
		if total > cafe.AvailableCredit() {
			return fmt.Errorf("%w: order %d, available %d", ErrCreditExceeded, total, cafe.AvailableCredit())
		}
		order.TotalCents = total

		if err := tx.Create(order).Error; err != nil {
			return err
		}
		if err := tx.Model(&models.Cafe{}).Where("id = ?", cafe.ID).
			Update("open_balance_cents", gorm.Expr("open_balance_cents + ?", total)).Error; err != nil {
			return err
		}
		return events.Enqueue(tx, events.WholesaleOrderPlaced, events.OrderPlaced{
			OrderID:    order.ID,
			CafeID:     order.CafeID,
			TotalCents: order.TotalCents,
		})
	})
	if err != nil {
		return nil, err
	}

	if req.IdempotencyKey != "" {
		rec := &models.IdempotencyRecord{Scope: placeOrderScope, Key: req.IdempotencyKey, ResourceID: order.ID}
		if err := s.idem.Create(ctx, rec); err != nil {
			s.log.Warn("store idempotency key", "order_id", order.ID, "err", err)
		}
	}
	return order, nil
}

// GetOrder loads an order with its lines.
func (s *service) GetOrder(ctx context.Context, id string) (*models.WholesaleOrder, error) {
	var o models.WholesaleOrder
	err := s.orders.DB(ctx).Preload("Lines").First(&o, "id = ?", id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return &o, nil
}
