package courts

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/jobs/tasks"
	"github.com/keystonebail/bondline/internal/platform/database"
	"github.com/keystonebail/bondline/internal/platform/ids"
	"github.com/keystonebail/bondline/internal/providers/countyfeed"
	"github.com/keystonebail/bondline/internal/providers/sms"
	"github.com/keystonebail/bondline/internal/providers/suretyapi"
)

// Notice statuses.
const (
	NoticeReceived  = "received"
	NoticeUnmatched = "unmatched"
	NoticeReported  = "reported"
)

// Notice is a court's declaration that a bond is forfeited.
type Notice struct {
	ID            uuid.UUID  `db:"id"`
	County        string     `db:"county"`
	NoticeNumber  string     `db:"notice_number"`
	CaseNumber    string     `db:"case_number"`
	BondID        *uuid.UUID `db:"bond_id"`
	ForfeitedOn   time.Time  `db:"forfeited_on"`
	AmountCents   int64      `db:"amount_cents"`
	Status        string     `db:"status"`
	SuretyClaimNo *string    `db:"surety_claim_no"`
}

// BondRef is what forfeiture processing needs of a bond.
type BondRef struct {
	ID          uuid.UUID `db:"id"`
	PowerNumber *string   `db:"power_number"`
	County      string    `db:"county"`
	CaseNumber  string    `db:"case_number"`
}

// Contact is an indemnitor to notify.
type Contact struct {
	ID       uuid.UUID `db:"id"`
	FullName string    `db:"full_name"`
	Phone    string    `db:"phone"`
}

// NoticeRepository persists forfeiture notices.
type NoticeRepository interface {
	Insert(ctx context.Context, db sqlx.ExtContext, n *Notice) error
	Get(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*Notice, error)
	MarkReported(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, claimNo string, at time.Time) error
	MarkUnmatched(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) error
}

// BondLookup finds the bond a notice is about.
type BondLookup interface {
	FindByCase(ctx context.Context, db sqlx.ExtContext, county, caseNumber string) (*BondRef, error)
	GetRef(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*BondRef, error)
	Contacts(ctx context.Context, db sqlx.ExtContext, bondID uuid.UUID) ([]Contact, error)
}

// SuretyReporter opens forfeiture claims with the surety.
type SuretyReporter interface {
	ReportForfeiture(ctx context.Context, r suretyapi.ForfeitureReport, opts ...suretyapi.CallOption) (*suretyapi.ForfeitureAck, error)
}

// OutboxFunc records a background task in the caller's transaction.
type OutboxFunc func(ctx context.Context, db sqlx.ExtContext, taskType string, payload any) error

// ForfeitureService takes in forfeiture notices and acts on them.
type ForfeitureService struct {
	db      *sqlx.DB
	notices NoticeRepository
	bonds   BondLookup
	surety  SuretyReporter
	sms     Texter
	outbox  OutboxFunc
	now     func() time.Time
}

// NewForfeitureService wires a ForfeitureService.
func NewForfeitureService(db *sqlx.DB, notices NoticeRepository, bonds BondLookup, surety SuretyReporter,
	texter Texter, outbox OutboxFunc) *ForfeitureService {
	return &ForfeitureService{db: db, notices: notices, bonds: bonds, surety: surety,
		sms: texter, outbox: outbox, now: time.Now}
}

// Intake stores a forfeiture notice pushed by the county feed and queues its
// processing.
func (s *ForfeitureService) Intake(ctx context.Context, cn countyfeed.Notice) error {
	forfeitedOn, err := cn.EffectiveDate()
	if err != nil {
		return fmt.Errorf("notice %s: %w", cn.NoticeNumber, err)
	}
	n := &Notice{
		ID:           uuid.New(),
		County:       cn.County,
		NoticeNumber: cn.NoticeNumber,
		CaseNumber:   cn.CaseNumber,
		ForfeitedOn:  forfeitedOn,
		AmountCents:  cn.AmountCents,
		Status:       NoticeReceived,
	}
	bond, err := s.bonds.FindByCase(ctx, s.db, cn.County, cn.CaseNumber)
	if err != nil {
		return err
	}
	if bond != nil {
		n.BondID = &bond.ID
	}

	return database.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.notices.Insert(ctx, tx, n); err != nil {
			return err
		}
		return s.outbox(ctx, tx, tasks.TypeForfeitureProcess, tasks.ForfeiturePayload{NoticeID: n.ID})
	})
}

// Process reports a forfeiture to the surety and warns the indemnitors that
// they are liable unless the defendant is surrendered.
func (s *ForfeitureService) Process(ctx context.Context, noticeID uuid.UUID) error {
	n, err := s.notices.Get(ctx, s.db, noticeID)
	if err != nil {
		return err
	}
	if n.Status != NoticeReceived {
		return nil
	}
	if n.BondID == nil {
		slog.WarnContext(ctx, "forfeiture notice matches no bond", "county", n.County, "notice", n.NoticeNumber)
		return s.notices.MarkUnmatched(ctx, s.db, n.ID)
	}
	bond, err := s.bonds.GetRef(ctx, s.db, *n.BondID)
	if err != nil {
		return err
	}
	if bond.PowerNumber == nil {
		return fmt.Errorf("bond %s has no power number yet", bond.ID)
	}

	ack, err := s.surety.ReportForfeiture(ctx, suretyapi.ForfeitureReport{
		PowerNumber:  *bond.PowerNumber,
		County:       n.County,
		CaseNumber:   n.CaseNumber,
		NoticeNumber: n.NoticeNumber,
		ForfeitedOn:  n.ForfeitedOn.Format("2006-01-02"),
		AmountCents:  n.AmountCents,
	})
	if err != nil {
		return fmt.Errorf("report forfeiture %s: %w", n.NoticeNumber, err)
	}

	contacts, err := s.bonds.Contacts(ctx, s.db, bond.ID)
	if err != nil {
		return err
	}
	for _, c := range contacts {
		_, err := s.sms.Send(ctx, sms.Message{
			To: c.Phone,
			Body: fmt.Sprintf("Keystone Bail Bonds: %s, the court has forfeited the bond on case %s. "+
				"Call us today at 555-0142 to arrange surrender and avoid liability.", c.FullName, n.CaseNumber),
			Tag: "forfeiture",
		}, sms.WithIdempotencyKey(ids.Scoped("forfeiture", n.ID.String(), c.ID.String())))
		if err != nil {
			return fmt.Errorf("notify indemnitor %s: %w", c.ID, err)
		}
	}
	return s.notices.MarkReported(ctx, s.db, n.ID, ack.ClaimNumber, s.now())
}
