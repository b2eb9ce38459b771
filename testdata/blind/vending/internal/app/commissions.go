package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/rs/xid"

	"github.com/vendgrid/fleetops/internal/domain"
	"github.com/vendgrid/fleetops/internal/platform/ids"
)

// CommissionService computes and pays the monthly commission owed to site
// hosts. It is driven by the commissions cron.
type CommissionService struct {
	repo     CommissionRepository
	payouts  PayoutProvider
	mailer   Mailer
	clock    Clock
	currency string
	log      *slog.Logger
}

type CommissionConfig struct {
	Currency string
}

func NewCommissionService(repo CommissionRepository, payouts PayoutProvider, mailer Mailer, clock Clock, cfg CommissionConfig, log *slog.Logger) *CommissionService {
	cur := cfg.Currency
	if cur == "" {
		cur = "EUR"
	}
	return &CommissionService{repo: repo, payouts: payouts, mailer: mailer, clock: clock, currency: cur, log: log.With("svc", "commissions")}
}

func (s *CommissionService) Hosts(ctx context.Context) ([]domain.Host, error) {
	return s.repo.ListHosts(ctx)
}

// Settle prepares the host's statement for the period, emails it and
// transfers the payable amount. A statement that is already paid is left
// untouched.
func (s *CommissionService) Settle(ctx context.Context, h domain.Host, period domain.Period) (domain.CommissionStatement, error) {
	gross, err := s.repo.GrossSales(ctx, h.ID, period)
	if err != nil {
		return domain.CommissionStatement{}, fmt.Errorf("gross sales: %w", err)
	}
	adj, err := s.repo.SumAdjustments(ctx, h.ID, period)
	if err != nil {
		return domain.CommissionStatement{}, fmt.Errorf("adjustments: %w", err)
	}

	stmt, err := s.repo.UpsertStatement(ctx, domain.CommissionStatement{
		ID:              ids.New(),
		HostID:          h.ID,
		Period:          period,
		GrossSalesCents: gross,
		AdjustCents:     adj,
		CommissionCents: h.CommissionRate.Apply(gross),
		Status:          domain.StatementPending,
	})
	if err != nil {
		return domain.CommissionStatement{}, fmt.Errorf("upsert statement: %w", err)
	}
	if stmt.Status == domain.StatementPaid {
		return stmt, nil
	}

	if err := s.mailer.Send(ctx, statementEmail(h, stmt)); err != nil {
		return stmt, fmt.Errorf("email statement: %w", err)
	}
	emailedAt := s.clock.Now()

	var payoutID string
	if amount := stmt.Payable(); amount > 0 {
		res, err := s.payouts.Transfer(ctx, PayoutTransfer{
			Account:        h.PayoutAccount,
			AmountCents:    amount,
			Currency:       s.currency,
			Description:    "VendGrid commission " + period.Label(),
			IdempotencyKey: xid.New().String(),
		})
		if err != nil {
			return stmt, fmt.Errorf("payout: %w", err)
		}
		payoutID = res.TransferID
	}

	paid, err := s.repo.MarkPaid(ctx, stmt.ID, payoutID, emailedAt, s.clock.Now())
	if err != nil {
		return stmt, fmt.Errorf("mark statement %s paid (payout %s): %w", stmt.ID, payoutID, err)
	}
	if !paid {
		s.log.WarnContext(ctx, "statement was already paid", "statement_id", stmt.ID)
	}
	stmt.Status = domain.StatementPaid
	stmt.PayoutID = payoutID
	return stmt, nil
}

func statementEmail(h domain.Host, s domain.CommissionStatement) Email {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\n", h.Name)
	fmt.Fprintf(&b, "Your VendGrid commission statement for %s:\n\n", s.Period.Label())
	fmt.Fprintf(&b, "  Gross sales at your sites: %s\n", s.GrossSalesCents)
	fmt.Fprintf(&b, "  Commission rate:           %.2f%%\n", float64(h.CommissionRate)/100)
	fmt.Fprintf(&b, "  Commission:                %s\n", s.CommissionCents)
	if s.AdjustCents != 0 {
		fmt.Fprintf(&b, "  Adjustments:               %s\n", s.AdjustCents)
	}
	fmt.Fprintf(&b, "  Amount payable:            %s\n\n", s.Payable())
	b.WriteString("The payment will reach your account within three business days.\n")
	return Email{
		To:       h.Email,
		Subject:  "VendGrid commission statement " + s.Period.Label(),
		TextBody: b.String(),
	}
}

// AddAdjustment records a manual credit or debit for a host. It is applied
// to the statement of the month it was created in.
func (s *CommissionService) AddAdjustment(ctx context.Context, cmd domain.CreateAdjustment) (domain.Adjustment, error) {
	if err := cmd.Validate(); err != nil {
		return domain.Adjustment{}, err
	}
	a := domain.Adjustment{
		ID:          ids.New(),
		HostID:      cmd.HostID,
		AmountCents: cmd.AmountCents,
		Reason:      cmd.Reason,
		CreatedBy:   cmd.CreatedBy,
		CreatedAt:   s.clock.Now(),
	}
	if err := s.repo.InsertAdjustment(ctx, a); err != nil {
		return domain.Adjustment{}, err
	}
	return a, nil
}
