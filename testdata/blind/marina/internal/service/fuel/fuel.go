// Package fuel records fuel dock sales posted by the pump controller and
// takes payment for them.
package fuel

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/jobs/queue"
	"github.com/harbourline/marina/internal/service/billing"
	"github.com/harbourline/marina/internal/storage"
)

const (
	StatusPending  = "pending"
	StatusPaid     = "paid"
	StatusDeclined = "declined"
)

type Service struct {
	store   storage.Store
	billing *billing.Service
	jobs    queue.Enqueuer
	log     *zap.Logger
}

func NewService(store storage.Store, b *billing.Service, jobs queue.Enqueuer, log *zap.Logger) *Service {
	return &Service{store: store, billing: b, jobs: jobs, log: log.Named("fuel")}
}

// SaleInput is what the pump controller reports when a nozzle is hung up.
type SaleInput struct {
	PumpID         string
	TicketNo       int64
	Product        string
	Litres         float64
	UnitPriceCents int64
	BoaterID       string
	SoldAt         time.Time
}

func (in SaleInput) validate() error {
	switch {
	case in.PumpID == "" || in.TicketNo <= 0:
		return domain.Invalid("pump_id and ticket_no are required")
	case in.Litres <= 0 || in.UnitPriceCents <= 0:
		return domain.Invalid("litres and unit_price_cents must be positive")
	case in.BoaterID == "":
		return domain.Invalid("boater_id is required for account sales")
	case in.Product != "diesel" && in.Product != "petrol" && in.Product != "red_diesel":
		return domain.Invalid(fmt.Sprintf("unknown product %q", in.Product))
	}
	return nil
}

// RecordSale stores the sale under its pump ticket and charges it.
func (s *Service) RecordSale(ctx context.Context, in SaleInput) (*domain.FuelSale, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	repos := s.store.Repos()
	sale := &domain.FuelSale{
		ID:             uuid.NewString(),
		PumpID:         in.PumpID,
		TicketNo:       in.TicketNo,
		Product:        in.Product,
		Litres:         in.Litres,
		UnitPriceCents: in.UnitPriceCents,
		AmountCents:    int64(math.Round(in.Litres * float64(in.UnitPriceCents))),
		BoaterID:       in.BoaterID,
		PaymentMethod:  "card_on_file",
		Status:         StatusPending,
		SoldAt:         in.SoldAt,
	}
	inserted, err := repos.Fuel.InsertSale(ctx, sale)
	if err != nil {
		return nil, err
	}
	if !inserted {
		if sale, err = repos.Fuel.GetByTicket(ctx, in.PumpID, in.TicketNo); err != nil {
			return nil, err
		}
	}
	switch sale.Status {
	case StatusPaid:
		return sale, nil
	case StatusDeclined:
		return sale, billing.ErrDeclined
	}

	p, err := s.billing.ChargeFuelSale(ctx, sale)
	if errors.Is(err, billing.ErrDeclined) {
		if derr := repos.Fuel.MarkDeclined(ctx, sale.ID); derr != nil {
			s.log.Warn("mark declined", zap.String("sale_id", sale.ID), zap.Error(derr))
		}
		sale.Status = StatusDeclined
		return sale, err
	}
	if err != nil {
		return nil, err
	}

	err = s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		paid, err := tx.Fuel.MarkPaid(ctx, sale.ID, p.ID)
		if err != nil || !paid {
			return err
		}
		return events.Record(ctx, tx, events.TopicFuelSaleCompleted, events.FuelSaleCompleted{
			SaleID:      sale.ID,
			PumpID:      sale.PumpID,
			TicketNo:    sale.TicketNo,
			Product:     sale.Product,
			Litres:      sale.Litres,
			AmountCents: sale.AmountCents,
			PaymentID:   p.ID,
			SoldAt:      sale.SoldAt,
		})
	})
	if err != nil {
		return nil, err
	}
	sale.Status, sale.PaymentID = StatusPaid, p.ID
	return sale, nil
}

// SendReceipt queues a text receipt for a paid sale.
func (s *Service) SendReceipt(ctx context.Context, saleID, phone string) error {
	sale, err := s.store.Repos().Fuel.Get(ctx, saleID)
	if err != nil {
		return err
	}
	if sale.Status != StatusPaid {
		return fmt.Errorf("sale is %s: %w", sale.Status, domain.ErrInvalidState)
	}
	return s.jobs.Enqueue(ctx, queue.SendReceiptArgs{
		SaleID:     sale.ID,
		Phone:      phone,
		RequestRef: xid.New().String(),
	})
}
