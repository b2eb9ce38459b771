package billing

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/providers/mailroute"
)

// InvoiceService creates invoices and sends them to shippers.
type InvoiceService struct {
	repo  Repository
	idem  IdempotencyStore
	jobs  InvoiceJobs
	mail  Mailer
	newID platform.IDFunc
	now   func() time.Time
	log   *slog.Logger
}

func NewInvoiceService(repo Repository, idem IdempotencyStore, jobs InvoiceJobs, mail Mailer, log *slog.Logger) *InvoiceService {
	return &InvoiceService{repo: repo, idem: idem, jobs: jobs, mail: mail, newID: platform.NewULID, now: time.Now, log: log}
}

// AccessorialLine is one extra charge (detention, pre-cooling, lumper fee).
type AccessorialLine struct {
	ShipmentRef string
	Description string
	AmountCents int64
}

// AccessorialInput is a request to bill extra charges outside the monthly
// freight run.
type AccessorialInput struct {
	ShipperID string
	Currency  string
	Memo      string
	Lines     []AccessorialLine
}

func (in AccessorialInput) total() (int64, error) {
	if in.ShipperID == "" || len(in.Lines) == 0 {
		return 0, fmt.Errorf("%w: shipper and at least one line are required", ErrInvalidInvoice)
	}
	var total int64
	for i, l := range in.Lines {
		if l.AmountCents <= 0 || l.Description == "" {
			return 0, fmt.Errorf("%w: line %d needs a description and a positive amount", ErrInvalidInvoice, i)
		}
		total += l.AmountCents
	}
	if total > accessorialMaxAmount {
		return 0, fmt.Errorf("%w: total exceeds the accessorial limit", ErrInvalidInvoice)
	}
	return total, nil
}

// CreateAccessorial bills extra charges. When the caller sends an
// Idempotency-Key, a repeated request returns the invoice created first.
func (s *InvoiceService) CreateAccessorial(ctx context.Context, idemKey string, in AccessorialInput) (db.Invoice, error) {
	if idemKey != "" {
		id, found, err := s.idem.Lookup(ctx, scopeInvoiceCreate, idemKey)
		if err != nil {
			return db.Invoice{}, err
		}
		if found {
			return s.repo.GetInvoice(ctx, id)
		}
	}

	total, err := in.total()
	if err != nil {
		return db.Invoice{}, err
	}
	if _, err := s.repo.GetShipper(ctx, in.ShipperID); err != nil {
		if db.IsNotFound(err) {
			return db.Invoice{}, ErrUnknownShipper
		}
		return db.Invoice{}, err
	}
	currency := strings.ToLower(in.Currency)
	if currency == "" {
		currency = "usd"
	}

	invoiceID := s.newID()
	lines := make([]db.InvoiceLine, 0, len(in.Lines))
	for _, l := range in.Lines {
		desc := l.Description
		if l.ShipmentRef != "" {
			desc = fmt.Sprintf("%s (shipment %s)", l.Description, l.ShipmentRef)
		}
		lines = append(lines, db.InvoiceLine{
			ID:          s.newID(),
			InvoiceID:   invoiceID,
			Description: desc,
			AmountCents: l.AmountCents,
		})
	}

	inv, err := s.repo.CreateInvoiceWithLines(ctx, db.CreateInvoiceParams{
		ID:         invoiceID,
		ShipperID:  in.ShipperID,
		Kind:       "accessorial",
		TotalCents: total,
		Currency:   currency,
		Memo:       in.Memo,
		DueAt:      s.now().Add(defaultPaymentTerms),
	}, lines)
	if err != nil {
		return db.Invoice{}, fmt.Errorf("create invoice: %w", err)
	}

	if idemKey != "" {
		if err := s.idem.Save(ctx, scopeInvoiceCreate, idemKey, inv.ID); err != nil {
			s.log.Warn("storing idempotency key failed", "invoice_id", inv.ID, "err", err)
		}
	}
	return inv, nil
}

// Get returns one invoice.
func (s *InvoiceService) Get(ctx context.Context, id string) (db.Invoice, error) {
	inv, err := s.repo.GetInvoice(ctx, id)
	if db.IsNotFound(err) {
		return db.Invoice{}, ErrNotFound
	}
	return inv, err
}

// RunResult summarises an invoicing run.
type RunResult struct {
	Invoiced int
	Skipped  int
	Failed   int
}

// RunFreightInvoicing bills every delivered shipment that is not on an
// invoice yet, one invoice per shipper. Each invoice, its shipment
// attachments and its follow-up jobs commit together, so a rerun only
// picks up what is still uninvoiced.
func (s *InvoiceService) RunFreightInvoicing(ctx context.Context) (RunResult, error) {
	var res RunResult
	shippers, err := s.repo.ShippersWithUninvoicedShipments(ctx)
	if err != nil {
		return res, err
	}
	for _, shipperID := range shippers {
		shipper, err := s.repo.GetShipper(ctx, shipperID)
		if err != nil {
			res.Failed++
			s.log.Error("load shipper", "shipper_id", shipperID, "err", err)
			continue
		}
		inv, ok, err := s.repo.InvoiceDeliveredShipments(ctx, db.CreateInvoiceParams{
			ID:        s.newID(),
			ShipperID: shipperID,
			Kind:      "freight",
			Currency:  "usd",
			Memo:      "Freight charges " + s.now().Format("January 2006"),
			DueAt:     s.now().Add(defaultPaymentTerms),
		}, s.newID, func(tx pgx.Tx, inv db.Invoice) error {
			if err := s.jobs.EnqueueInvoiceEmailTx(ctx, tx, inv.ID); err != nil {
				return err
			}
			if shipper.AutopayEnabled {
				return s.jobs.EnqueueAutopayTx(ctx, tx, inv.ID)
			}
			return nil
		})
		switch {
		case err != nil:
			res.Failed++
			s.log.Error("invoice shipper", "shipper_id", shipperID, "err", err)
		case !ok:
			res.Skipped++
		default:
			res.Invoiced++
			s.log.Info("freight invoice issued", "invoice_id", inv.ID, "shipper_id", shipperID, "total_cents", inv.TotalCents)
		}
	}
	if res.Failed > 0 {
		return res, fmt.Errorf("%d shippers failed to invoice", res.Failed)
	}
	return res, nil
}

// SendInvoiceEmail emails the invoice to the shipper's billing address.
func (s *InvoiceService) SendInvoiceEmail(ctx context.Context, invoiceID string) error {
	inv, err := s.repo.GetInvoice(ctx, invoiceID)
	if err != nil {
		return fmt.Errorf("load invoice: %w", err)
	}
	if inv.EmailedAt != nil {
		return nil
	}
	shipper, err := s.repo.GetShipper(ctx, inv.ShipperID)
	if err != nil {
		return fmt.Errorf("load shipper: %w", err)
	}
	msg := mailroute.Message{
		From:     "billing@frostline.example",
		To:       []string{shipper.BillingEmail},
		Subject:  "Your Frostline invoice " + inv.ID,
		Template: "invoice-issued",
		Vars: map[string]string{
			"shipper":  shipper.Name,
			"invoice":  inv.ID,
			"amount":   formatAmount(inv.TotalCents, inv.Currency),
			"due_date": inv.DueAt.Format("2 Jan 2006"),
		},
	}
	if _, err := s.mail.Send(ctx, msg, "invoice-issued-"+inv.ID); err != nil {
		return fmt.Errorf("send invoice email: %w", err)
	}
	return s.repo.MarkInvoiceEmailed(ctx, inv.ID)
}

func formatAmount(cents int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", strings.ToUpper(currency), cents/100, cents%100)
}
