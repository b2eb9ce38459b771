// Package statement builds and e-mails periodic points statements.
package statement

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/temporalx"
	"github.com/tidewater/loyalty/internal/provider/mailer"
)

type Repository interface {
	Get(ctx context.Context, id string) (db.Statement, error)
	Summarize(ctx context.Context, p db.SummarizeLedgerParams) (db.SummarizeLedgerRow, error)
	Upsert(ctx context.Context, p db.UpsertStatementParams) (db.Statement, error)
	MarkSent(ctx context.Context, id string) error
	RecordDelivery(ctx context.Context, p db.InsertStatementDeliveryParams) error
}

type MemberReader interface {
	Get(ctx context.Context, id uuid.UUID) (db.Member, error)
}

type Config struct {
	TaskQueue string
}

type Service struct {
	cfg     Config
	repo    Repository
	members MemberReader
	mail    mailer.Sender
	starter temporalx.Starter
	log     *slog.Logger
}

func NewService(cfg Config, repo Repository, members MemberReader, mail mailer.Sender, starter temporalx.Starter, log *slog.Logger) *Service {
	return &Service{cfg: cfg, repo: repo, members: members, mail: mail, starter: starter, log: log}
}

func periodBounds(period string) (time.Time, time.Time, error) {
	from, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("%w: period must be YYYY-MM", domain.ErrValidation)
	}
	return from, from.AddDate(0, 1, 0), nil
}

// Resend starts a statement workflow that re-sends an existing statement on
// a member's request.
func (s *Service) Resend(ctx context.Context, memberID uuid.UUID, period string) (string, error) {
	if _, _, err := periodBounds(period); err != nil {
		return "", err
	}
	if _, err := s.members.Get(ctx, memberID); err != nil {
		return "", err
	}
	workflowID := fmt.Sprintf("statement-resend-%s-%s", memberID, uuid.NewString())
	run, err := s.starter.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                    workflowID,
		TaskQueue:             s.cfg.TaskQueue,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
	}, temporalx.StatementWorkflow, temporalx.StatementInput{
		MemberID: memberID.String(),
		Period:   period,
		Resend:   true,
	})
	if err != nil {
		return "", fmt.Errorf("start statement workflow: %w", err)
	}
	return run.GetID(), nil
}

// Generate computes the statement for a member and period. Re-running it
// refreshes the same row: the (member_id, period) pair is the statement's
// natural key.
func (s *Service) Generate(ctx context.Context, memberID uuid.UUID, period string) (db.Statement, error) {
	from, to, err := periodBounds(period)
	if err != nil {
		return db.Statement{}, err
	}
	sum, err := s.repo.Summarize(ctx, db.SummarizeLedgerParams{MemberID: memberID, From: from, To: to})
	if err != nil {
		return db.Statement{}, fmt.Errorf("summarize ledger: %w", err)
	}
	return s.repo.Upsert(ctx, db.UpsertStatementParams{
		ID:             "stm_" + ksuid.New().String(),
		MemberID:       memberID,
		Period:         period,
		OpeningBalance: sum.OpeningBalance,
		ClosingBalance: sum.ClosingBalance,
		Earned:         sum.Earned,
		Redeemed:       sum.Redeemed,
		Expired:        sum.Expired,
	})
}

// Send e-mails a generated statement to the member.
func (s *Service) Send(ctx context.Context, statementID string, resend bool) error {
	st, err := s.repo.Get(ctx, statementID)
	if err != nil {
		return err
	}
	if st.SentAt.Valid && !resend {
		return nil
	}
	member, err := s.members.Get(ctx, st.MemberID)
	if err != nil {
		return err
	}

	msgID, err := s.mail.Send(ctx, mailer.Message{
		To:       member.Email,
		Subject:  fmt.Sprintf("Your Tidewater Rewards statement for %s", st.Period),
		TextBody: renderText(member, st),
		Tags:     map[string]string{"kind": "statement", "period": st.Period},
	})
	if err != nil {
		return fmt.Errorf("send statement: %w", err)
	}

	if err := s.repo.RecordDelivery(ctx, db.InsertStatementDeliveryParams{
		StatementID:       st.ID,
		Email:             member.Email,
		ProviderMessageID: msgID,
	}); err != nil {
		return fmt.Errorf("record delivery: %w", err)
	}
	return s.repo.MarkSent(ctx, st.ID)
}

func renderText(m db.Member, st db.Statement) string {
	var b strings.Builder
	name := m.DisplayName
	if name == "" {
		name = "member"
	}
	fmt.Fprintf(&b, "Hello %s,\n\n", name)
	fmt.Fprintf(&b, "Here is your points summary for %s.\n\n", st.Period)
	fmt.Fprintf(&b, "  Opening balance: %8d\n", st.OpeningBalance)
	fmt.Fprintf(&b, "  Earned:          %8d\n", st.Earned)
	fmt.Fprintf(&b, "  Redeemed:        %8d\n", st.Redeemed)
	fmt.Fprintf(&b, "  Expired:         %8d\n", st.Expired)
	fmt.Fprintf(&b, "  Closing balance: %8d\n\n", st.ClosingBalance)
	fmt.Fprintf(&b, "Tier: %s\n", strings.ToUpper(m.Tier))
	return b.String()
}
