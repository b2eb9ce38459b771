package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/providers/bank/bankreq"
	"github.com/acme/payroll/internal/store/sqlrepo"
)

type AdjustmentInput struct {
	CompanyID   uuid.UUID
	Reference   string
	Description string
	Account     string
	AmountCents int64 // positive: debit the account, negative: credit it
	Actor       string
}

type OffCycleInput struct {
	CompanyID   uuid.UUID
	EmployeeID  uuid.UUID
	AmountCents int64
	Memo        string
	Actor       string
}

type PaymentsService interface {
	UpdatePayoutSettings(ctx context.Context, companyID uuid.UUID, settings sqlrepo.PayoutSettings, actor string) error
	PostAdjustment(ctx context.Context, in AdjustmentInput) (ledger.PostResult, error)
	SendOffCycle(ctx context.Context, in OffCycleInput) (*domain.OffCyclePayment, error)
}

type paymentsService struct {
	uow       UnitOfWork
	companies CompanyRepository
	employees EmployeeRepository
	offcycle  OffCycleRepository
	ledger    Ledger
	bank      BankTransfers
	audit     AuditLog
	log       *slog.Logger
}

func NewPaymentsService(u UnitOfWork, c CompanyRepository, e EmployeeRepository, o OffCycleRepository,
	l Ledger, b BankTransfers, a AuditLog, log *slog.Logger) PaymentsService {
	return &paymentsService{uow: u, companies: c, employees: e, offcycle: o, ledger: l, bank: b, audit: a, log: log}
}

func (s *paymentsService) UpdatePayoutSettings(ctx context.Context, companyID uuid.UUID, settings sqlrepo.PayoutSettings, actor string) error {
	if settings.PayoutAccountRef == "" {
		return fmt.Errorf("%w: payout_account_ref is required", domain.ErrValidation)
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.companies.UpdatePayoutSettings(ctx, companyID, settings); err != nil {
			return err
		}
		masked := settings.PayoutAccountRef
		if len(masked) > 4 {
			masked = strings.Repeat("*", len(masked)-4) + masked[len(masked)-4:]
		}
		return s.audit.Append(ctx, actor, "company.payout_settings_updated", companyID.String(),
			map[string]string{"account": masked})
	})
}

func (s *paymentsService) PostAdjustment(ctx context.Context, in AdjustmentInput) (ledger.PostResult, error) {
	in.Reference = strings.TrimSpace(in.Reference)
	if in.Reference == "" {
		return ledger.PostResult{}, fmt.Errorf("%w: reference is required", domain.ErrValidation)
	}
	if in.AmountCents == 0 || in.Account == "" {
		return ledger.PostResult{}, fmt.Errorf("%w: account and non-zero amount required", domain.ErrValidation)
	}
	lines := []ledger.Line{
		{Account: in.Account, Debit: max(in.AmountCents, 0), Credit: max(-in.AmountCents, 0), Memo: in.Description},
		{Account: ledger.AcctManualAdjustments, Debit: max(-in.AmountCents, 0), Credit: max(in.AmountCents, 0), Memo: in.Reference},
	}
	res, err := s.ledger.Post(ctx, ledger.Entry{
		CompanyID:      in.CompanyID,
		IdempotencyKey: "adjustment:" + in.Reference,
		Description:    in.Description,
		Source:         "manual_adjustment",
		Lines:          lines,
	})
	if err != nil {
		return res, err
	}
	if !res.Duplicate {
		_ = s.audit.Append(ctx, in.Actor, "ledger.adjusted", res.EntryID, in)
	}
	return res, nil
}

// SendOffCycle pays an employee outside the regular pay run (bonus, correction).
func (s *paymentsService) SendOffCycle(ctx context.Context, in OffCycleInput) (*domain.OffCyclePayment, error) {
	if in.AmountCents <= 0 {
		return nil, fmt.Errorf("%w: amount must be positive", domain.ErrValidation)
	}
	company, err := s.companies.Get(ctx, in.CompanyID)
	if err != nil {
		return nil, err
	}
	emp, err := s.employees.Get(ctx, in.EmployeeID)
	if err != nil {
		return nil, err
	}
	if emp.CompanyID != company.ID || emp.BankAccountRef == "" {
		return nil, fmt.Errorf("%w: employee cannot receive bank payments", domain.ErrValidation)
	}

	payment := &domain.OffCyclePayment{
		ID:          uuid.New(),
		CompanyID:   company.ID,
		EmployeeID:  emp.ID,
		AmountCents: in.AmountCents,
		Currency:    company.Currency,
		Memo:        in.Memo,
	}
	builder := bankreq.NewBuilder(company.Name, company.PayoutAccountRef, company.PayoutRoutingCode)
	req := builder.OneOff(payment.ID.String(), payment.AmountCents, payment.Currency,
		bankreq.Party{Name: emp.FullName, AccountRef: emp.BankAccountRef}, in.Memo)
	tr, err := s.bank.CreateTransfer(ctx, req)
	if err != nil {
		return nil, err
	}
	payment.ProviderTransferID = tr.ID

	err = s.uow.Do(ctx, func(ctx context.Context) error {
		if err := s.offcycle.Insert(ctx, payment); err != nil {
			return err
		}
		return s.audit.Append(ctx, in.Actor, "offcycle.sent", payment.ID.String(), map[string]any{
			"employee": emp.ID, "amount_cents": payment.AmountCents, "transfer": tr.ID,
		})
	})
	if err != nil {
		s.log.Error("off-cycle payment sent but not recorded", "transfer", tr.ID, "err", err)
		return nil, err
	}
	if _, err := s.ledger.Post(ctx, ledger.Entry{
		CompanyID:      company.ID,
		IdempotencyKey: "offcycle:" + payment.ID.String(),
		Description:    "Off-cycle payment " + payment.ID.String(),
		Source:         "off_cycle",
		Lines: []ledger.Line{
			{Account: ledger.AcctWagesExpense, Debit: payment.AmountCents},
			{Account: ledger.AcctBankClearing, Credit: payment.AmountCents},
		},
	}); err != nil {
		s.log.Error("off-cycle ledger posting failed", "payment", payment.ID, "err", err)
	}
	return payment, nil
}
