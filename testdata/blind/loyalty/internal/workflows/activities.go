// Package workflows holds the Temporal workflows and activities of the
// loyalty service. Activities are retried by Temporal according to the retry
// policy in the workflow's ActivityOptions: an activity that fails, times out
// or whose worker dies before reporting completion runs again.
package workflows

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/temporalx"
	"github.com/tidewater/loyalty/internal/provider/giftcardapi"
	"github.com/tidewater/loyalty/internal/service/expiry"
)

type GiftCardService interface {
	ReservePoints(ctx context.Context, requestID uuid.UUID) error
	Issue(ctx context.Context, requestID uuid.UUID, attempt int32, attemptID string) (*giftcardapi.Card, error)
	StoreCard(ctx context.Context, requestID uuid.UUID, card giftcardapi.Card) error
}

type StatementService interface {
	Generate(ctx context.Context, memberID uuid.UUID, period string) (db.Statement, error)
	Send(ctx context.Context, statementID string, resend bool) error
}

type ExpiryService interface {
	ExpireBatch(ctx context.Context, runDate time.Time, after uuid.UUID) (expiry.BatchResult, error)
}

// Activities carries the dependencies of every activity.
type Activities struct {
	GiftCards  GiftCardService
	Statements StatementService
	Expiry     ExpiryService
}

func parseID(s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, temporal.NewNonRetryableApplicationError("bad id", "BadInput", err)
	}
	return id, nil
}

// ReserveGiftCardPoints debits the member's points for a gift-card request.
func (a *Activities) ReserveGiftCardPoints(ctx context.Context, requestID string) error {
	id, err := parseID(requestID)
	if err != nil {
		return err
	}
	err = a.GiftCards.ReservePoints(ctx, id)
	if err == domain.ErrInsufficientPoints {
		return temporal.NewNonRetryableApplicationError("insufficient points", "InsufficientPoints", err)
	}
	return err
}

// IssueGiftCard asks the provider for the card.
func (a *Activities) IssueGiftCard(ctx context.Context, requestID string) (giftcardapi.Card, error) {
	id, err := parseID(requestID)
	if err != nil {
		return giftcardapi.Card{}, err
	}
	info := activity.GetInfo(ctx)
	attemptID := xid.New().String()

	card, err := a.GiftCards.Issue(ctx, id, info.Attempt, attemptID)
	if err != nil {
		if giftcardapi.IsClientError(err) {
			return giftcardapi.Card{}, temporal.NewNonRetryableApplicationError("provider rejected", "ProviderRejected", err)
		}
		return giftcardapi.Card{}, err
	}
	return *card, nil
}

type StoreCardInput struct {
	RequestID string
	Card      giftcardapi.Card
}

// StoreIssuedCard writes the card into the vault table.
func (a *Activities) StoreIssuedCard(ctx context.Context, in StoreCardInput) error {
	id, err := parseID(in.RequestID)
	if err != nil {
		return err
	}
	return a.GiftCards.StoreCard(ctx, id, in.Card)
}

// GenerateStatement computes a member's statement and returns its id.
func (a *Activities) GenerateStatement(ctx context.Context, in temporalx.StatementInput) (string, error) {
	id, err := parseID(in.MemberID)
	if err != nil {
		return "", err
	}
	st, err := a.Statements.Generate(ctx, id, in.Period)
	if err != nil {
		return "", err
	}
	return st.ID, nil
}

type SendStatementInput struct {
	StatementID string
	Resend      bool
}

// SendStatementEmail e-mails the statement.
func (a *Activities) SendStatementEmail(ctx context.Context, in SendStatementInput) error {
	return a.Statements.Send(ctx, in.StatementID, in.Resend)
}

type ExpiryInput struct {
	RunDate time.Time
}

type ExpiryProgress struct {
	LastMemberID string
	Members      int
	Points       int64
}

// ExpirePoints walks all members with expirable points, heartbeating the
// last processed member so that a retried attempt resumes where the previous
// one stopped.
func (a *Activities) ExpirePoints(ctx context.Context, in ExpiryInput) (ExpiryProgress, error) {
	var progress ExpiryProgress
	if activity.HasHeartbeatDetails(ctx) {
		if err := activity.GetHeartbeatDetails(ctx, &progress); err != nil {
			return progress, fmt.Errorf("heartbeat details: %w", err)
		}
	}
	after := uuid.Nil
	if progress.LastMemberID != "" {
		after = uuid.MustParse(progress.LastMemberID)
	}
	for {
		res, err := a.Expiry.ExpireBatch(ctx, in.RunDate, after)
		progress.Members += res.Processed
		progress.Points += res.Expired
		if res.LastMemberID != uuid.Nil {
			after = res.LastMemberID
			progress.LastMemberID = after.String()
		}
		activity.RecordHeartbeat(ctx, progress)
		if err != nil {
			return progress, err
		}
		if res.Done {
			return progress, nil
		}
	}
}
