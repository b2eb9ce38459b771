// Package loans handles harvest returns and overdue reminders for packets
// members have borrowed.
package loans

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/events"
	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/platform/messaging"
	"github.com/furrowline/seedbank/internal/providers/courier"
)

type (
	Loans interface {
		Get(ctx context.Context, id string) (*domain.Loan, error)
		UpdateWhere(ctx context.Context, set map[string]any, query string, args ...any) (int64, error)
		Overdue(ctx context.Context, now time.Time, limit int) ([]domain.Loan, error)
		ClaimReminder(ctx context.Context, loanID string, at time.Time) (bool, error)
	}
	Lots interface {
		InsertForLoan(ctx context.Context, lot *domain.SeedLot) (bool, error)
		FindOne(ctx context.Context, query string, args ...any) (*domain.SeedLot, error)
	}
	Labels interface {
		Create(ctx context.Context, l *domain.ReturnLabel) error
	}
	Members interface {
		Get(ctx context.Context, id string) (*domain.Member, error)
	}
	// LabelPrinter buys return labels from the courier.
	LabelPrinter interface {
		CreateReturnLabel(ctx context.Context, req courier.ReturnLabelRequest) (*courier.ReturnLabel, error)
	}
)

// Deps groups the collaborators of Service.
type Deps struct {
	Tx      database.TxRunner
	Loans   Loans
	Lots    Lots
	Labels  Labels
	Members Members
	Courier LabelPrinter
	Mailer  notify.Mailer
	Outbox  messaging.Enqueuer
	Log     *slog.Logger
}

// Options tunes the service.
type Options struct {
	// Depot is where members post harvested seed.
	Depot    courier.Address
	NewLotID idgen.Func
	Clock    func() time.Time
}

type Service struct {
	Deps
	opts Options
}

func NewService(d Deps, opts Options) *Service {
	if opts.NewLotID == nil {
		opts.NewLotID = idgen.Prefixed("lot")
	}
	if opts.Clock == nil {
		opts.Clock = func() time.Time { return time.Now().UTC() }
	}
	return &Service{Deps: d, opts: opts}
}

// ReturnHarvest records seed a member is sending back against a loan.
type ReturnHarvest struct {
	MemberID, LoanID     string
	Grams, HarvestYear   int
	Species, VarietyName string
	WantLabel            bool
	Result               *ReturnResult
}

// ReturnResult is what the member needs to post the seed.
type ReturnResult struct {
	LotID          string `json:"lot_id"`
	LabelURL       string `json:"label_url,omitempty"`
	TrackingNumber string `json:"tracking_number,omitempty"`
}

func ReturnHandler(s *Service) cqrs.CommandHandler[ReturnHarvest] {
	return cqrs.HandlerFunc[ReturnHarvest](s.ReturnHarvest)
}

// ReturnHarvest closes the loan, registers the incoming lot and, when asked,
// buys a prepaid return label.
func (s *Service) ReturnHarvest(ctx context.Context, cmd ReturnHarvest) error {
	if cmd.Grams <= 0 {
		return fmt.Errorf("%w: grams must be positive", domain.ErrValidation)
	}
	loan, err := s.Loans.Get(ctx, cmd.LoanID)
	if err != nil {
		return err
	}
	if loan.MemberID != cmd.MemberID {
		return domain.ErrNotFound
	}
	if loan.Status == domain.LoanReturned {
		return s.describe(ctx, loan.ID, cmd.Result)
	}
	if loan.Status != domain.LoanOut {
		return domain.ErrInvalidState
	}

	var label *courier.ReturnLabel
	if cmd.WantLabel {
		member, err := s.Members.Get(ctx, loan.MemberID)
		if err != nil {
			return err
		}
		label, err = s.Courier.CreateReturnLabel(ctx, courier.ReturnLabelRequest{
			From:        addressOf(member),
			To:          s.opts.Depot,
			WeightGrams: cmd.Grams + 40,
			Service:     "letter-tracked",
		})
		if err != nil {
			return fmt.Errorf("buy return label: %w", err)
		}
		if cmd.Result != nil {
			cmd.Result.LabelURL, cmd.Result.TrackingNumber = label.LabelURL, label.TrackingNumber
		}
	}

	now := s.opts.Clock()
	lot := &domain.SeedLot{
		ID:          s.opts.NewLotID(),
		LoanID:      &loan.ID,
		PacketID:    &loan.PacketID,
		Species:     cmd.Species,
		VarietyName: cmd.VarietyName,
		Grams:       cmd.Grams,
		HarvestYear: cmd.HarvestYear,
		Source:      "loan_return",
		Status:      domain.LotReceived,
	}
	err = s.Tx.WithinTx(ctx, func(ctx context.Context) error {
		n, err := s.Loans.UpdateWhere(ctx,
			map[string]any{"status": domain.LoanReturned, "returned_at": now, "updated_at": now},
			"id = ? AND status = ?", loan.ID, domain.LoanOut)
		if err != nil {
			return err
		}
		if n == 0 {
			return domain.ErrConflict
		}
		inserted, err := s.Lots.InsertForLoan(ctx, lot)
		if err != nil {
			return err
		}
		if label != nil {
			if err := s.Labels.Create(ctx, &domain.ReturnLabel{
				ID: idgen.New("rlb"), LoanID: loan.ID, CourierLabelID: label.ID,
				TrackingNumber: label.TrackingNumber, LabelURL: label.LabelURL,
			}); err != nil {
				return err
			}
		}
		if !inserted {
			return nil
		}
		return s.Outbox.Enqueue(ctx, messaging.TopicSeedLotReceived, events.SeedLotReceived{LotID: lot.ID, Source: lot.Source})
	})
	if err != nil {
		return err
	}
	return s.describe(ctx, loan.ID, cmd.Result)
}

func (s *Service) describe(ctx context.Context, loanID string, out *ReturnResult) error {
	if out == nil {
		return nil
	}
	lot, err := s.Lots.FindOne(ctx, "loan_id = ?", loanID)
	if err != nil {
		return err
	}
	out.LotID = lot.ID
	return nil
}

// RemindOverdue emails members whose harvest return is late. Run by the
// nightly cron job.
func (s *Service) RemindOverdue(ctx context.Context) (int, error) {
	now := s.opts.Clock().Truncate(time.Microsecond) // matches timestamptz precision
	due, err := s.Loans.Overdue(ctx, now, 200)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, loan := range due {
		won, err := s.Loans.ClaimReminder(ctx, loan.ID, now)
		if err != nil {
			return sent, err
		}
		if !won {
			continue
		}
		member, err := s.Members.Get(ctx, loan.MemberID)
		if err != nil {
			return sent, err
		}
		_, err = s.Mailer.Send(ctx, member.Email, notify.TemplateOverdueLoan,
			map[string]any{"name": member.Name, "due_at": loan.DueAt, "loan_id": loan.ID},
			notify.WithDedupKey(idgen.Derived("overdue", loan.ID)))
		if err != nil {
			// Hand the reminder back so the next run picks it up again.
			if _, rerr := s.Loans.UpdateWhere(ctx, map[string]any{"reminded_at": nil},
				"id = ? AND reminded_at = ?", loan.ID, now); rerr != nil {
				s.Log.ErrorContext(ctx, "release reminder claim", slog.String("loan", loan.ID), slog.Any("err", rerr))
			}
			return sent, fmt.Errorf("remind loan %s: %w", loan.ID, err)
		}
		sent++
	}
	return sent, nil
}

func addressOf(m *domain.Member) courier.Address {
	return courier.Address{Name: m.Name, Line1: m.AddressLine1, Line2: m.AddressLine2,
		City: m.City, Postcode: m.Postcode, Country: m.Country}
}
