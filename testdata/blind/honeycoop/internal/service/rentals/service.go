// Package rentals manages pollination contracts: the co-op rents hives to
// farms for a crop season, drops them on fields, bills the farms monthly by
// direct debit and closes the contract when the hives come home.
package rentals

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/platform/period"
	"github.com/amberfield-labs/honeycoop/internal/provider/bankpartner"
	"github.com/amberfield-labs/honeycoop/internal/provider/mailer"
	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

const JobInvoiceEmail = "rental.invoice_email"

type ContractStore interface {
	CreateContract(ctx context.Context, c *store.RentalContract) (bool, error)
	GetContract(ctx context.Context, id string) (*store.RentalContract, error)
	ActiveContracts(ctx context.Context) ([]store.RentalContract, error)
	CreatePlacement(ctx context.Context, p *store.HivePlacement) error
	PlacedHives(ctx context.Context, contractID string) (int, error)
	MarkClosed(ctx context.Context, id string, at time.Time) (bool, error)
	CreateInvoice(ctx context.Context, inv *store.RentalInvoice) error
	EnsurePeriodInvoice(ctx context.Context, inv *store.RentalInvoice) (bool, error)
	GetInvoice(ctx context.Context, id string) (*store.RentalInvoice, error)
	MarkCollected(ctx context.Context, id, ref string) error
}

type Farms interface {
	Farm(ctx context.Context, id string) (*store.Farm, error)
}

type Queue interface {
	Enqueue(ctx context.Context, spec store.JobSpec) error
}

type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Collector pulls direct debits from farms.
type Collector interface {
	Collect(ctx context.Context, req bankpartner.CollectionRequest) (*bankpartner.CollectionResponse, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, text string) (string, error)
}

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, msg mailer.Message) (string, error)
}

type Service interface {
	CreateContract(ctx context.Context, in NewContract) (*store.RentalContract, bool, error)
	RecordPlacement(ctx context.Context, contractID string, in Placement) (*store.HivePlacement, error)
	CloseContract(ctx context.Context, contractID string) (*store.RentalInvoice, error)
	BillPeriod(ctx context.Context, p string) error
	SendInvoiceEmail(ctx context.Context, invoiceID string) error
}

type NewContract struct {
	FarmID          string `json:"farm_id"`
	Season          string `json:"season"`
	Crop            string `json:"crop"`
	HiveCount       int    `json:"hive_count"`
	FeeCentsPerHive int64  `json:"fee_cents_per_hive"`
}

type Placement struct {
	FieldCode string `json:"field_code"`
	DropDate  string `json:"drop_date"`
	HiveCount int    `json:"hive_count"`
}

type Options struct {
	Currency               string
	RemovalFeeCentsPerHive int64
}

type Deps struct {
	Tx        TxRunner
	Contracts ContractStore
	Farms     Farms
	Queue     Queue
	Bank      Collector
	SMS       Texter
	Mail      Mailer
	NewID     func() string
	Now       func() time.Time
}

type service struct {
	Deps
	opts Options
}

func New(d Deps, opts Options) Service { return &service{Deps: d, opts: opts} }

func (s *service) CreateContract(ctx context.Context, in NewContract) (*store.RentalContract, bool, error) {
	if in.FarmID == "" || in.Season == "" || in.HiveCount <= 0 {
		return nil, false, apperr.Invalid("farm_id, season and hive_count are required")
	}
	if _, err := s.Farms.Farm(ctx, in.FarmID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, false, fmt.Errorf("%w: farm %s", apperr.ErrNotFound, in.FarmID)
		}
		return nil, false, err
	}
	c := &store.RentalContract{
		ID:              s.NewID(),
		FarmID:          in.FarmID,
		Season:          in.Season,
		Crop:            in.Crop,
		HiveCount:       in.HiveCount,
		FeeCentsPerHive: in.FeeCentsPerHive,
		Status:          "active",
		CreatedAt:       s.Now(),
	}
	created, err := s.Contracts.CreateContract(ctx, c)
	if err != nil {
		return nil, false, err
	}
	return c, created, nil
}

func (s *service) RecordPlacement(ctx context.Context, contractID string, in Placement) (*store.HivePlacement, error) {
	drop, err := time.ParseInLocation("2006-01-02", in.DropDate, period.Loc)
	if err != nil {
		return nil, apperr.Invalid("drop_date: %v", err)
	}
	if in.FieldCode == "" || in.HiveCount <= 0 {
		return nil, apperr.Invalid("field_code and hive_count are required")
	}
	c, err := s.activeContract(ctx, contractID)
	if err != nil {
		return nil, err
	}
	farm, err := s.Farms.Farm(ctx, c.FarmID)
	if err != nil {
		return nil, err
	}

	// Farmers want to know before the truck arrives where the hives go so
	// they can hold off spraying that field.
	text := fmt.Sprintf("Amberfield Co-op: %d hives placed on field %s on %s. Please do not spray this field while hives are present.",
		in.HiveCount, in.FieldCode, drop.Format("02 Jan"))
	if _, err := s.SMS.Send(ctx, farm.ContactPhone, text); err != nil {
		return nil, fmt.Errorf("notify farm %s: %w", farm.ID, err)
	}

	p := &store.HivePlacement{
		ID:         s.NewID(),
		ContractID: c.ID,
		FieldCode:  in.FieldCode,
		DropDate:   drop,
		HiveCount:  in.HiveCount,
		CreatedAt:  s.Now(),
	}
	if err := s.Contracts.CreatePlacement(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

func (s *service) CloseContract(ctx context.Context, contractID string) (*store.RentalInvoice, error) {
	c, err := s.activeContract(ctx, contractID)
	if err != nil {
		return nil, err
	}
	hives, err := s.Contracts.PlacedHives(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	closed, err := s.Contracts.MarkClosed(ctx, c.ID, s.Now())
	if err != nil {
		return nil, err
	}
	if !closed {
		return nil, apperr.Conflict("contract %s is no longer active", c.ID)
	}
	final := &store.RentalInvoice{
		ID:          s.NewID(),
		ContractID:  c.ID,
		Period:      c.Season,
		Kind:        "final",
		AmountCents: int64(hives) * s.opts.RemovalFeeCentsPerHive,
		Status:      "open",
		CreatedAt:   s.Now(),
	}
	if err := s.Contracts.CreateInvoice(ctx, final); err != nil {
		return nil, fmt.Errorf("final invoice for %s: %w", c.ID, err)
	}
	return final, nil
}

// BillPeriod bills every active contract for the placement fee of period p
// and collects it by direct debit. The billing cron reruns it until it
// returns nil.
func (s *service) BillPeriod(ctx context.Context, p string) error {
	contracts, err := s.Contracts.ActiveContracts(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, c := range contracts {
		if err := s.billContract(ctx, c, p); err != nil {
			errs = append(errs, fmt.Errorf("contract %s: %w", c.ID, err))
		}
	}
	return errors.Join(errs...)
}

func (s *service) billContract(ctx context.Context, c store.RentalContract, p string) error {
	hives, err := s.Contracts.PlacedHives(ctx, c.ID)
	if err != nil {
		return err
	}
	if hives == 0 {
		return nil
	}
	inv := &store.RentalInvoice{
		ID:          s.NewID(),
		ContractID:  c.ID,
		Period:      p,
		Kind:        "placement",
		AmountCents: int64(hives) * c.FeeCentsPerHive,
		Status:      "open",
		CreatedAt:   s.Now(),
	}
	err = s.Tx.WithTx(ctx, func(ctx context.Context) error {
		created, err := s.Contracts.EnsurePeriodInvoice(ctx, inv)
		if err != nil || !created {
			return err
		}
		return s.Queue.Enqueue(ctx, store.JobSpec{
			Kind:      JobInvoiceEmail,
			UniqueKey: "rental-invoice-email:" + inv.ID,
			Payload:   map[string]string{"invoice_id": inv.ID},
		})
	})
	if err != nil {
		return err
	}
	if inv.Status == "collected" {
		return nil
	}
	farm, err := s.Farms.Farm(ctx, c.FarmID)
	if err != nil {
		return err
	}
	if farm.MandateID == "" {
		return fmt.Errorf("farm %s has no debit mandate", farm.ID)
	}
	res, err := s.Bank.Collect(ctx, bankpartner.CollectionRequest{
		MandateID:   farm.MandateID,
		AmountCents: inv.AmountCents,
		Currency:    s.opts.Currency,
		Reference:   fmt.Sprintf("Hive rental %s %s", c.Season, p),
	})
	if err != nil {
		return err
	}
	return s.Contracts.MarkCollected(ctx, inv.ID, res.ID)
}

// SendInvoiceEmail runs from the job queue.
func (s *service) SendInvoiceEmail(ctx context.Context, invoiceID string) error {
	inv, err := s.Contracts.GetInvoice(ctx, invoiceID)
	if err != nil {
		return err
	}
	c, err := s.Contracts.GetContract(ctx, inv.ContractID)
	if err != nil {
		return err
	}
	farm, err := s.Farms.Farm(ctx, c.FarmID)
	if err != nil {
		return err
	}
	_, err = s.Mail.Send(ctx, mailer.Message{
		To:       farm.BillingEmail,
		Subject:  fmt.Sprintf("Hive rental invoice %s", inv.Period),
		Template: "rental-invoice",
		Vars: map[string]string{
			"farm":   farm.Name,
			"period": inv.Period,
			"amount": fmt.Sprintf("%.2f", float64(inv.AmountCents)/100),
		},
	})
	return err
}

func (s *service) activeContract(ctx context.Context, id string) (*store.RentalContract, error) {
	c, err := s.Contracts.GetContract(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: contract %s", apperr.ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	if c.Status != "active" {
		return nil, apperr.Conflict("contract %s is %s", c.ID, c.Status)
	}
	return c, nil
}
