// Package tickets ingests weigh tickets from the scale house, prices them
// and accrues the landfill's tipping fee.
package tickets

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/platform/idgen"
	"github.com/haulcore/wastehaul/internal/platform/money"
	"github.com/haulcore/wastehaul/internal/providers/scalehouse"
	"github.com/haulcore/wastehaul/internal/store"
)

// Service is the weigh-ticket use-case surface.
type Service interface {
	IngestCompleted(ctx context.Context, env scalehouse.Envelope) error
	ApplyAdjustment(ctx context.Context, env scalehouse.Envelope) error
	CreateManual(ctx context.Context, in ManualTicket) (store.Ticket, error)
	VoidWithCredit(ctx context.Context, ticketID, reason, actor string) (store.Ticket, error)
	Price(ctx context.Context, ticketID string) error
}

// ManualTicket is keyed in by the yard office when the scale is down.
type ManualTicket struct {
	AccountNumber string    `json:"account_number"`
	SiteID        string    `json:"site_id,omitempty"`
	LandfillCode  string    `json:"landfill_code"`
	Material      string    `json:"material"`
	GrossKg       int64     `json:"gross_kg"`
	TareKg        int64     `json:"tare_kg"`
	WeighedAt     time.Time `json:"weighed_at"`
	EnteredBy     string    `json:"-"`
}

// Markup is the customer price per ton as a multiple of the tipping rate,
// per material.
type Markup map[string]float64

// DefaultMarkup is the standard rate card.
var DefaultMarkup = Markup{
	"msw":       1.35,
	"c&d":       1.45,
	"yardwaste": 1.20,
	"recycling": 1.10,
}

func (m Markup) factor(material string) float64 {
	if f, ok := m[material]; ok {
		return f
	}
	return 1.5
}

// Deps groups collaborators for fx.
type Deps struct {
	DB        *store.DB
	Tickets   store.Tickets
	Customers store.Customers
	Invoices  store.Invoices
	Tipping   store.Tipping
	Ledger    store.Ledger
	Inbox     store.Inbox
	Jobs      jobargs.Enqueuer
	Vendor    string
	Log       *slog.Logger
}

type service struct {
	Deps
	markup Markup
	newID  idgen.Func
}

// New returns the tickets service.
func New(d Deps) Service {
	return &service{Deps: d, markup: DefaultMarkup, newID: idgen.Default}
}

const inboxSource = "scalehouse"

func (s *service) IngestCompleted(ctx context.Context, env scalehouse.Envelope) error {
	var data scalehouse.TicketCompleted
	if err := json.Unmarshal(env.Data, &data); err != nil {
		return fmt.Errorf("decode ticket.completed: %w", err)
	}
	cust, err := s.Customers.GetByAccountNumber(ctx, s.DB.Q(), data.AccountRef)
	if err != nil {
		return fmt.Errorf("account %q: %w", data.AccountRef, err)
	}

	t := store.Ticket{
		ID:             s.newID(),
		ScaleVendor:    s.Vendor,
		VendorTicketNo: data.TicketNo,
		Source:         store.TicketSourceScale,
		CustomerID:     cust.ID,
		SiteID:         optional(data.SiteRef),
		LoadID:         optional(data.LoadRef),
		LandfillCode:   data.LandfillCode,
		Material:       data.Material,
		GrossKg:        data.GrossKg,
		TareKg:         data.TareKg,
		NetKg:          data.NetKg,
		WeighedAt:      data.WeighedAt,
	}
	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.Tickets.Insert(ctx, tx, t); err != nil {
			return fmt.Errorf("insert ticket %s: %w", data.TicketNo, err)
		}
		_, err := s.Jobs.InsertTx(ctx, tx, jobargs.PriceTicket{TicketID: t.ID}, nil)
		return err
	})
}

func (s *service) ApplyAdjustment(ctx context.Context, env scalehouse.Envelope) error {
	var data scalehouse.TicketAdjusted
	if err := json.Unmarshal(env.Data, &data); err != nil {
		return fmt.Errorf("decode ticket.adjusted: %w", err)
	}
	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		fresh, err := s.Inbox.Claim(ctx, tx, inboxSource, env.ID, env.Type)
		if err != nil || !fresh {
			return err
		}
		t, err := s.Tickets.GetByVendorNo(ctx, tx, s.Vendor, data.TicketNo)
		if err != nil {
			return fmt.Errorf("ticket %s: %w", data.TicketNo, err)
		}
		if err := s.Tickets.ApplyAdjustment(ctx, tx, store.Adjustment{
			ID:            s.newID(),
			TicketID:      t.ID,
			VendorEventID: env.ID,
			DeltaKg:       data.DeltaKg,
			Reason:        data.Reason,
		}); err != nil {
			return err
		}
		return s.Tipping.AdjustAccrual(ctx, tx, t.ID, data.DeltaKg)
	})
}

func (s *service) CreateManual(ctx context.Context, in ManualTicket) (store.Ticket, error) {
	if in.GrossKg <= in.TareKg {
		return store.Ticket{}, fmt.Errorf("gross must exceed tare")
	}
	cust, err := s.Customers.GetByAccountNumber(ctx, s.DB.Q(), in.AccountNumber)
	if err != nil {
		return store.Ticket{}, err
	}
	id := s.newID()
	t := store.Ticket{
		ID:             id,
		ScaleVendor:    "manual",
		VendorTicketNo: "M-" + id,
		Source:         store.TicketSourceManual,
		CustomerID:     cust.ID,
		SiteID:         optional(in.SiteID),
		LandfillCode:   in.LandfillCode,
		Material:       in.Material,
		GrossKg:        in.GrossKg,
		TareKg:         in.TareKg,
		NetKg:          in.GrossKg - in.TareKg,
		WeighedAt:      in.WeighedAt,
		EnteredBy:      optional(in.EnteredBy),
	}
	err = s.DB.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.Tickets.Insert(ctx, tx, t); err != nil {
			return err
		}
		_, err := s.Jobs.InsertTx(ctx, tx, jobargs.PriceTicket{TicketID: t.ID}, nil)
		return err
	})
	if err != nil {
		return store.Ticket{}, err
	}
	return s.Tickets.Get(ctx, s.DB.Q(), t.ID)
}

func (s *service) VoidWithCredit(ctx context.Context, ticketID, reason, actor string) (store.Ticket, error) {
	return store.TxResult(ctx, s.DB, func(tx pgx.Tx) (store.Ticket, error) {
		t, err := s.Tickets.Get(ctx, tx, ticketID)
		if err != nil {
			return store.Ticket{}, err
		}
		if _, err := s.Tickets.Void(ctx, tx, t.ID, reason); err != nil {
			return store.Ticket{}, err
		}
		billed, err := s.Invoices.ReverseTicketLine(ctx, tx, t.ID)
		if err != nil {
			return store.Ticket{}, err
		}
		created, err := s.Tickets.InsertCreditMemo(ctx, tx, store.CreditMemo{
			ID:          s.newID(),
			TicketID:    t.ID,
			CustomerID:  t.CustomerID,
			AmountCents: billed,
			Reason:      reason,
		})
		if err != nil {
			return store.Ticket{}, err
		}
		if created && billed > 0 {
			if err := s.Customers.AddCredit(ctx, tx, t.CustomerID, billed); err != nil {
				return store.Ticket{}, err
			}
			ref := t.ID
			if _, err := s.Ledger.Insert(ctx, tx, store.LedgerEntry{
				ID:          s.newID(),
				CustomerID:  t.CustomerID,
				Kind:        store.LedgerTicketCredit,
				AmountCents: billed,
				Reference:   &ref,
				Memo:        &reason,
				CreatedBy:   &actor,
			}); err != nil {
				return store.Ticket{}, err
			}
		}
		return s.Tickets.Get(ctx, tx, t.ID)
	})
}

func (s *service) Price(ctx context.Context, ticketID string) error {
	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		t, err := s.Tickets.Get(ctx, tx, ticketID)
		if err != nil {
			return err
		}
		if t.Status == "void" {
			return nil
		}
		rate, err := s.Tipping.RateFor(ctx, tx, t.LandfillCode, t.Material, t.WeighedAt)
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no tipping rate for %s/%s", t.LandfillCode, t.Material)
		}
		if err != nil {
			return err
		}
		tip := money.PerTon(t.NetKg, money.Cents(rate))
		price := money.Cents(math.Round(float64(tip) * s.markup.factor(t.Material)))

		ticketRef := t.ID
		if _, err := s.Invoices.InsertTicketLine(ctx, tx, store.InvoiceLine{
			ID:          s.newID(),
			CustomerID:  t.CustomerID,
			TicketID:    &ticketRef,
			Description: fmt.Sprintf("Disposal %s ticket %s, %.2f t", t.Material, t.VendorTicketNo, money.Tons(t.NetKg)),
			Quantity:    math.Round(money.Tons(t.NetKg)*1000) / 1000,
			AmountCents: int64(price),
		}); err != nil {
			return err
		}
		_, err = s.Tipping.InsertAccrual(ctx, tx, store.Accrual{
			ID:           s.newID(),
			TicketID:     t.ID,
			LandfillCode: t.LandfillCode,
			Material:     t.Material,
			NetKg:        t.NetKg,
			CentsPerTon:  rate,
			AmountCents:  int64(tip),
			WeighedAt:    t.WeighedAt,
		})
		return err
	})
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
