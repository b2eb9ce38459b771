package cdr

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/logx"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/roaming"
	"github.com/voltway/charging/internal/session"
)

// BillingJob asks the billing consumer to charge a driver for a CDR.
type BillingJob struct {
	PartnerID string `json:"partner_id"`
	CdrID     string `json:"cdr_id"`
}

// DedupID is the FIFO deduplication ID for the job.
func (j BillingJob) DedupID() string { return j.PartnerID + ":" + j.CdrID }

// Inbox stores partner CDRs and queues them for billing.
type Inbox struct {
	db      *sql.DB
	repo    *Repo
	billing queue.Publisher
}

// NewInbox wires the inbox.
func NewInbox(db *sql.DB, repo *Repo, billing queue.Publisher) *Inbox {
	return &Inbox{db: db, repo: repo, billing: billing}
}

// Accept stores c and queues it for billing. Safe to call repeatedly for
// the same CDR: the row is keyed on (partner, cdr id) and the queue
// deduplicates on the same pair.
func (in *Inbox) Accept(ctx context.Context, partnerID string, c roaming.CDR, raw json.RawMessage) error {
	fresh, err := in.repo.InsertInbound(ctx, in.db, FromWire(partnerID, c), raw)
	if err != nil {
		return err
	}
	if !fresh {
		logx.From(ctx).Info("cdr already stored, re-queueing for billing", "partner", partnerID, "cdr", c.ID)
	}
	job := BillingJob{PartnerID: partnerID, CdrID: c.ID}
	if _, err := in.billing.Publish(ctx, job,
		queue.WithGroup("cdr-"+partnerID),
		queue.WithDedupID(job.DedupID()),
	); err != nil {
		return fmt.Errorf("queue cdr billing: %w", err)
	}
	return nil
}

// MarkupPolicy returns our markup on a partner cost.
type MarkupPolicy func(partnerID string, costCents int64) int64

// PercentMarkup charges pct percent on top of the partner's cost.
func PercentMarkup(pct int64) MarkupPolicy {
	return func(_ string, cost int64) int64 { return (cost*pct + 50) / 100 }
}

// Biller charges drivers for their roaming CDRs.
type Biller struct {
	db     *sql.DB
	repo   *Repo
	markup MarkupPolicy
}

// NewBiller wires the biller.
func NewBiller(db *sql.DB, repo *Repo, markup MarkupPolicy) *Biller {
	return &Biller{db: db, repo: repo, markup: markup}
}

// Bill adds a CDR's cost to the driver's outstanding balance.
func (b *Biller) Bill(ctx context.Context, job BillingJob) error {
	in, err := b.repo.GetInbound(ctx, b.db, job.PartnerID, job.CdrID)
	if err != nil {
		return err
	}
	if in.BilledAt.Valid {
		return nil
	}
	driverID, err := b.repo.DriverByToken(ctx, b.db, in.TokenUID)
	if err != nil {
		return err
	}
	markup := b.markup(in.PartnerID, in.TotalCostCents)
	total := in.TotalCostCents + markup

	if err := b.repo.AddOutstanding(ctx, b.db, driverID, total); err != nil {
		return fmt.Errorf("debit driver %s: %w", driverID, err)
	}
	return dbutil.WithTx(ctx, b.db, func(tx *sql.Tx) error {
		if err := b.repo.InsertCharge(ctx, tx, in.PartnerID, in.CdrID, driverID, total, markup); err != nil {
			return err
		}
		return b.repo.MarkBilled(ctx, tx, in.PartnerID, in.CdrID)
	})
}

// SessionReader is the subset of the session repo used for outbound CDRs.
type SessionReader interface {
	Get(ctx context.Context, q dbutil.Querier, id string) (session.Session, error)
	GetStation(ctx context.Context, q dbutil.Querier, id string) (session.Station, error)
}

// PartnerReader resolves partner connection settings.
type PartnerReader interface {
	Get(ctx context.Context, q dbutil.Querier, id string) (roaming.Partner, error)
}

// CDRPusher delivers a CDR to a partner.
type CDRPusher interface {
	PushCDR(ctx context.Context, p roaming.Partner, c roaming.CDR) error
}

// Outbox pushes CDRs for partner drivers' sessions on our network.
type Outbox struct {
	db       *sql.DB
	sessions SessionReader
	partners PartnerReader
	builder  *Builder
	client   CDRPusher
}

// NewOutbox wires the outbox.
func NewOutbox(db *sql.DB, sessions SessionReader, partners PartnerReader, b *Builder, client CDRPusher) *Outbox {
	return &Outbox{db: db, sessions: sessions, partners: partners, builder: b, client: client}
}

// Push builds and delivers the CDR for a completed roaming session.
func (o *Outbox) Push(ctx context.Context, sessionID string) error {
	s, err := o.sessions.Get(ctx, o.db, sessionID)
	if err != nil {
		return err
	}
	st, err := o.sessions.GetStation(ctx, o.db, s.StationID)
	if err != nil {
		return err
	}
	p, err := o.partners.Get(ctx, o.db, s.PartnerID.String)
	if err != nil {
		return err
	}
	c, err := o.builder.Build(s, st)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		return o.client.PushCDR(ctx, p, c)
	},
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(500*time.Millisecond),
		retry.RetryIf(roaming.IsTemporary),
		retry.LastErrorOnly(true),
	)
}

// CDRLister pages partner CDRs.
type CDRLister interface {
	ListCDRs(ctx context.Context, p roaming.Partner, from, to time.Time, offset, limit int) ([]roaming.CDR, error)
}

// Reconciler pulls CDRs partners hold for our drivers and stores any the
// push channel missed.
type Reconciler struct {
	db       *sql.DB
	repo     *Repo
	inbox    *Inbox
	lister   CDRLister
	lookback time.Duration
}

// NewReconciler wires the reconciler.
func NewReconciler(db *sql.DB, repo *Repo, inbox *Inbox, lister CDRLister, lookback time.Duration) *Reconciler {
	return &Reconciler{db: db, repo: repo, inbox: inbox, lister: lister, lookback: lookback}
}

// Sync reconciles one partner up to until.
func (r *Reconciler) Sync(ctx context.Context, p roaming.Partner, until time.Time) (int, error) {
	from, err := r.repo.Cursor(ctx, r.db, p.ID, until.Add(-r.lookback))
	if err != nil {
		return 0, err
	}
	const page = 100
	n := 0
	for offset := 0; ; offset += page {
		cdrs, err := r.lister.ListCDRs(ctx, p, from, until, offset, page)
		if err != nil {
			return n, fmt.Errorf("list cdrs from %s: %w", p.ID, err)
		}
		for _, c := range cdrs {
			raw, err := json.Marshal(c)
			if err != nil {
				return n, err
			}
			if err := r.inbox.Accept(ctx, p.ID, c, raw); err != nil {
				return n, err
			}
			n++
		}
		if len(cdrs) < page {
			break
		}
	}
	return n, r.repo.SaveCursor(ctx, r.db, p.ID, until)
}
