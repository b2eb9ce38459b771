package corporate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/lingua/academy/internal/platform/httpx"
)

// Service is the corporate invoicing API.
type Service interface {
	CreateInvoice(ctx context.Context, in CreateInvoiceInput) (InvoiceView, error)
	IssueInvoice(ctx context.Context, in IssueInvoiceInput) (InvoiceView, error)
	RecordRemittance(ctx context.Context, in RemittanceInput) (InvoiceView, error)
}

type service struct {
	db  *gorm.DB
	log *slog.Logger
	now func() time.Time
}

// NewService builds the corporate invoicing service.
func NewService(db *gorm.DB, log *slog.Logger) Service {
	return &service{db: db, log: log, now: time.Now}
}

// CreateInvoiceInput is the body of POST /v1/corporate/contracts/:id/invoices.
type CreateInvoiceInput struct {
	ContractID  string `params:"id"`
	PeriodStart string `json:"period_start"`
	PeriodEnd   string `json:"period_end"`
}

func (in CreateInvoiceInput) parse() (uuid.UUID, time.Time, time.Time, error) {
	id, err := uuid.Parse(in.ContractID)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, httpx.BadRequest("invalid contract id")
	}
	start, err := time.Parse(time.DateOnly, in.PeriodStart)
	if err != nil {
		return uuid.Nil, time.Time{}, time.Time{}, httpx.BadRequest("invalid period_start")
	}
	end, err := time.Parse(time.DateOnly, in.PeriodEnd)
	if err != nil || end.Before(start) {
		return uuid.Nil, time.Time{}, time.Time{}, httpx.BadRequest("invalid period_end")
	}
	return id, start, end, nil
}

// IssueInvoiceInput is POST /v1/corporate/invoices/:id/issue.
type IssueInvoiceInput struct {
	InvoiceID string `params:"id"`
}

// RemittanceInput is the body of POST /v1/corporate/invoices/:id/remittances.
type RemittanceInput struct {
	InvoiceID     string `params:"id"`
	BankReference string `json:"bank_reference"`
	AmountCents   int64  `json:"amount_cents"`
	ReceivedOn    string `json:"received_on"`
}

// LineView is an invoice line in API responses.
type LineView struct {
	Description string  `json:"description"`
	Hours       float64 `json:"hours"`
	UnitCents   int64   `json:"unit_cents"`
	AmountCents int64   `json:"amount_cents"`
}

// InvoiceView is an invoice in API responses.
type InvoiceView struct {
	ID            string     `json:"id"`
	Number        string     `json:"number,omitempty"`
	ContractID    string     `json:"contract_id"`
	Status        string     `json:"status"`
	PeriodStart   string     `json:"period_start"`
	PeriodEnd     string     `json:"period_end"`
	Currency      string     `json:"currency"`
	SubtotalCents int64      `json:"subtotal_cents"`
	TaxCents      int64      `json:"tax_cents"`
	TotalCents    int64      `json:"total_cents"`
	PaidCents     int64      `json:"paid_cents"`
	DueOn         string     `json:"due_on,omitempty"`
	Lines         []LineView `json:"lines,omitempty"`
	created       bool
}

func (v InvoiceView) CreatedResource() bool { return v.created }

func invoiceView(inv Invoice) InvoiceView {
	v := InvoiceView{
		ID: inv.ID.String(), ContractID: inv.ContractID.String(), Status: inv.Status,
		PeriodStart: inv.PeriodStart.Format(time.DateOnly), PeriodEnd: inv.PeriodEnd.Format(time.DateOnly),
		Currency: inv.Currency, SubtotalCents: inv.SubtotalCents, TaxCents: inv.TaxCents,
		TotalCents: inv.TotalCents, PaidCents: inv.PaidCents,
	}
	if inv.Number != nil {
		v.Number = *inv.Number
	}
	if inv.DueOn != nil {
		v.DueOn = inv.DueOn.Format(time.DateOnly)
	}
	for _, l := range inv.Lines {
		v.Lines = append(v.Lines, LineView{Description: l.Description, Hours: l.Hours,
			UnitCents: l.UnitCents, AmountCents: l.AmountCents})
	}
	return v
}

// CreateInvoice drafts an invoice for the sessions delivered under the
// contract in the period.
func (s *service) CreateInvoice(ctx context.Context, in CreateInvoiceInput) (InvoiceView, error) {
	contractID, start, end, err := in.parse()
	if err != nil {
		return InvoiceView{}, err
	}
	contract, err := gorm.G[Contract](s.db).Where("id = ?", contractID).First(ctx)
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return InvoiceView{}, httpx.NotFound("contract not found")
	}
	if err != nil {
		return InvoiceView{}, err
	}

	var issued int64
	if err := s.db.WithContext(ctx).Model(&Invoice{}).
		Where("contract_id = ? AND status <> ? AND period_start <= ? AND period_end >= ?",
			contract.ID, InvoiceDraft, end, start).
		Count(&issued).Error; err != nil {
		return InvoiceView{}, err
	}
	if issued > 0 {
		return InvoiceView{}, httpx.Conflict("an issued invoice already covers this period")
	}

	inv := Invoice{
		ContractID:  contract.ID,
		PeriodStart: start,
		PeriodEnd:   end,
		Status:      InvoiceDraft,
		Currency:    contract.Currency,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var sessions []Session
		if err := tx.Where("contract_id = ? AND delivered_on BETWEEN ? AND ?", contract.ID, start, end).
			Order("delivered_on").Find(&sessions).Error; err != nil {
			return err
		}
		if len(sessions) == 0 {
			return httpx.Unprocessable("no sessions delivered in the period")
		}
		for _, ss := range sessions {
			amount := int64(math.Round(ss.Hours * float64(contract.HourlyRateCents)))
			sid := ss.ID
			inv.Lines = append(inv.Lines, InvoiceLine{
				SessionID:   &sid,
				Description: fmt.Sprintf("Training %s (%s)", ss.DeliveredOn.Format("02 Jan 2006"), ss.TrainerID),
				Hours:       ss.Hours,
				UnitCents:   contract.HourlyRateCents,
				AmountCents: amount,
			})
			inv.SubtotalCents += amount
		}
		inv.TaxCents = inv.SubtotalCents * int64(contract.VATRateBP) / 10000
		inv.TotalCents = inv.SubtotalCents + inv.TaxCents

		if err := tx.Create(&inv).Error; err != nil {
			return err
		}
		ids := make([]uuid.UUID, 0, len(sessions))
		for _, ss := range sessions {
			ids = append(ids, ss.ID)
		}
		return tx.Model(&Session{}).Where("id IN ?", ids).Update("invoice_id", inv.ID).Error
	})
	if err != nil {
		return InvoiceView{}, err
	}
	v := invoiceView(inv)
	v.created = true
	return v, nil
}

// IssueInvoice numbers a draft invoice, posts it to the client's ledger and
// sets the due date.
func (s *service) IssueInvoice(ctx context.Context, in IssueInvoiceInput) (InvoiceView, error) {
	id, err := uuid.Parse(in.InvoiceID)
	if err != nil {
		return InvoiceView{}, httpx.BadRequest("invalid invoice id")
	}
	var inv Invoice
	if err := s.db.WithContext(ctx).Preload("Lines").First(&inv, "id = ?", id).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return InvoiceView{}, httpx.NotFound("invoice not found")
		}
		return InvoiceView{}, err
	}
	if inv.Status != InvoiceDraft {
		return invoiceView(inv), nil
	}
	var contract Contract
	if err := s.db.WithContext(ctx).Preload("Client").First(&contract, "id = ?", inv.ContractID).Error; err != nil {
		return InvoiceView{}, err
	}

	entry := LedgerEntry{
		ClientID:    contract.ClientID,
		InvoiceID:   &inv.ID,
		Kind:        "invoice",
		AmountCents: inv.TotalCents,
		Currency:    inv.Currency,
	}
	if err := s.db.WithContext(ctx).Create(&entry).Error; err != nil {
		return InvoiceView{}, fmt.Errorf("post ledger entry: %w", err)
	}

	now := s.now()
	due := now.AddDate(0, 0, contract.Client.PaymentTermsDays)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var seq int64
		if err := tx.Raw(`SELECT nextval('corporate_invoice_numbers')`).Scan(&seq).Error; err != nil {
			return err
		}
		number := fmt.Sprintf("LA-%d-%05d", now.Year(), seq)
		res := tx.Model(&Invoice{}).
			Where("id = ? AND status = ?", inv.ID, InvoiceDraft).
			Updates(map[string]any{
				"status":    InvoiceIssued,
				"number":    number,
				"issued_at": now,
				"due_on":    due,
			})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return httpx.Conflict("invoice was issued concurrently")
		}
		inv.Status, inv.Number, inv.IssuedAt, inv.DueOn = InvoiceIssued, &number, &now, &due
		return nil
	})
	if err != nil {
		return InvoiceView{}, err
	}
	return invoiceView(inv), nil
}

// RecordRemittance applies a bank transfer to an invoice. The bank
// reference identifies the transfer.
func (s *service) RecordRemittance(ctx context.Context, in RemittanceInput) (InvoiceView, error) {
	id, err := uuid.Parse(in.InvoiceID)
	if err != nil {
		return InvoiceView{}, httpx.BadRequest("invalid invoice id")
	}
	if in.BankReference == "" || in.AmountCents <= 0 {
		return InvoiceView{}, httpx.BadRequest("bank_reference and a positive amount_cents are required")
	}
	received, err := time.Parse(time.DateOnly, in.ReceivedOn)
	if err != nil {
		return InvoiceView{}, httpx.BadRequest("invalid received_on")
	}

	var inv Invoice
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&inv, "id = ?", id).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return httpx.NotFound("invoice not found")
			}
			return err
		}
		if inv.Status == InvoiceDraft {
			return httpx.Conflict("invoice has not been issued")
		}
		rem := Remittance{InvoiceID: inv.ID, BankReference: in.BankReference, AmountCents: in.AmountCents, ReceivedOn: received}
		res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "bank_reference"}}, DoNothing: true}).
			Create(&rem)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		var contract Contract
		if err := tx.First(&contract, "id = ?", inv.ContractID).Error; err != nil {
			return err
		}
		inv.PaidCents += in.AmountCents
		updates := map[string]any{"paid_cents": gorm.Expr("paid_cents + ?", in.AmountCents)}
		if inv.PaidCents >= inv.TotalCents {
			inv.Status = InvoicePaid
			updates["status"] = InvoicePaid
		}
		if err := tx.Model(&Invoice{}).Where("id = ?", inv.ID).Updates(updates).Error; err != nil {
			return err
		}
		return tx.Create(&LedgerEntry{
			ClientID:    contract.ClientID,
			InvoiceID:   &inv.ID,
			Kind:        "remittance",
			AmountCents: -in.AmountCents,
			Currency:    inv.Currency,
		}).Error
	})
	if err != nil {
		return InvoiceView{}, err
	}
	return invoiceView(inv), nil
}

// NewDB opens the gorm connection for the corporate module.
func NewDB(dsn string) (*gorm.DB, error) {
	return gormOpen(dsn)
}
