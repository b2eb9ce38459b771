package stateguards

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"freshid/xstore"
)

var (
	orm   *gorm.DB
	store *xstore.Store
)

type Claim struct {
	ID, Status string
}

type Submission struct {
	ID, ClaimID string
}

func loadClaim(ctx context.Context, t *asynq.Task) (*Claim, error) {
	var c Claim
	err := orm.WithContext(ctx).First(&c, "id = ?", string(t.Payload())).Error
	return &c, err
}

// Negative: the callback sets the status away from draft before it adds
// the submission, in one transaction; a retry after it leaves at the
// test.
func submit(ctx context.Context, t *asynq.Task) error {
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	if c.Status != "draft" {
		return nil
	}
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		status := "submitted"
		if len(t.Payload()) > 64 {
			status = "queued"
		}
		if err := tx.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{"status": status}).Error; err != nil {
			return err
		}
		return tx.Create(&Submission{ID: uuid.NewString(), ClaimID: c.ID}).Error
	})
}

// The submission comes before the status in the callback: with no
// transaction around it (a plain function the handler calls), a failure
// between them leaves the submission, which the retry adds again.
func submitFirst(ctx context.Context, t *asynq.Task) error {
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	if c.Status != "draft" {
		return nil
	}
	return run(func() error {
		if err := orm.Create(&Submission{ID: uuid.NewString(), ClaimID: c.ID}).Error; err != nil { // want `a retry creates a second Submission with a new ID`
			return err
		}
		return orm.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{"status": "submitted"}).Error
	})
}

// The callback sets the status the test asks for: the test never says
// the work is done.
func submitSame(ctx context.Context, t *asynq.Task) error {
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	if c.Status != "draft" {
		return nil
	}
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{"status": "draft"}).Error; err != nil {
			return err
		}
		return tx.Create(&Submission{ID: uuid.NewString(), ClaimID: c.ID}).Error // want `a retry creates a second Submission with a new ID`
	})
}

func run(f func() error) error {
	if err := f(); err != nil {
		return errors.Join(err)
	}
	return nil
}

// Negative: the callback sets the status first, then a helper of another
// package inserts an order under an ID it makes.
func submitOrder(ctx context.Context, t *asynq.Task) error {
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	if c.Status != "draft" {
		return nil
	}
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&Claim{}).Where("id = ?", c.ID).Updates(map[string]any{"status": "ordered"}).Error; err != nil {
			return err
		}
		return store.Create(ctx, 5)
	})
}

// Without the status write, the helper's fresh ID is inserted again.
func orderUnguarded(ctx context.Context, t *asynq.Task) error {
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return store.Create(ctx, 5) // want `uuid.NewString\(\) in xstore.Store.Create \(store.go:\d+:\d+\) is fresh on every attempt`
	})
}

// Job carries the time its invoice was issued: a marker of the work.
type Job struct {
	ID         string
	InvoicedAt *time.Time
}

type jobRepo struct{}

func (jobRepo) Get(ctx context.Context, id string) (*Job, error) {
	var j Job
	err := orm.WithContext(ctx).First(&j, "id = ?", id).Error
	return &j, err
}

func (jobRepo) Update(ctx context.Context, fields map[string]any, query string, args ...any) error {
	return orm.WithContext(ctx).Model(&Job{}).Where(query, args...).Updates(fields).Error
}

var jobs jobRepo

// Negative: the marker is set in a transaction's callback before the
// submission; a retry after it leaves at the test.
func invoiceOnce(ctx context.Context, t *asynq.Task) error {
	job, err := jobs.Get(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if job.InvoicedAt != nil {
		return nil
	}
	now := time.Now()
	if err := orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return jobs.Update(ctx, map[string]any{"invoiced_at": now}, "id = ?", job.ID)
	}); err != nil {
		return err
	}
	return orm.Create(&Submission{ID: uuid.NewString(), ClaimID: job.ID}).Error
}

// The callback sets another column: the marker stays nil.
func invoiceTouched(ctx context.Context, t *asynq.Task) error {
	job, err := jobs.Get(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if job.InvoicedAt != nil {
		return nil
	}
	now := time.Now()
	if err := orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return jobs.Update(ctx, map[string]any{"updated_at": now}, "id = ?", job.ID)
	}); err != nil {
		return err
	}
	return orm.Create(&Submission{ID: uuid.NewString(), ClaimID: job.ID}).Error // want `a retry creates a second Submission with a new ID`
}

// Negative: the status is set on the pool, naming the row by its ID,
// before the callback adds the replacement: a retry after the update
// leaves at the test.
func replace(ctx context.Context, t *asynq.Task) error {
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	if c.Status == "replaced" {
		return nil
	}
	if err := orm.WithContext(ctx).Model(&Claim{}).Where("id = ?", c.ID).Update("status", "replaced").Error; err != nil {
		return err
	}
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Submission{ID: uuid.NewString(), ClaimID: c.ID}).Error
	})
}

// The update names another row than the one tested: the retry passes
// the test again.
func replaceOther(ctx context.Context, t *asynq.Task) error {
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	if c.Status == "replaced" {
		return nil
	}
	if err := orm.WithContext(ctx).Model(&Claim{}).Where("id = ?", string(t.Type())).Update("status", "replaced").Error; err != nil {
		return err
	}
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return tx.Create(&Submission{ID: uuid.NewString(), ClaimID: c.ID}).Error // want `a retry creates a second Submission with a new ID`
	})
}

type PolicyEvent struct{ ID, Type, PolicyID string }

type LedgerKind string

const PremiumKind LedgerKind = "premium"

type LedgerEntry struct {
	ID, Ref string
	Kind    LedgerKind
}

type ledgerRepo struct{}

func (ledgerRepo) Post(ctx context.Context, e LedgerEntry) error {
	return orm.WithContext(ctx).Create(&e).Error
}

var ledger ledgerRepo

// The event's type is tested, and a ledger entry written given the
// event's policy and a kind of its own: it stores no state of the
// event, whose identity it is not given, and a retry writes a second
// entry.
func applyPremium(ctx context.Context, t *asynq.Task) error {
	ev := &PolicyEvent{}
	if err := json.Unmarshal(t.Payload(), ev); err != nil {
		return err
	}
	c, err := loadClaim(ctx, t)
	if err != nil {
		return err
	}
	return orm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		switch ev.Type {
		case "premium":
			return ledger.Post(ctx, LedgerEntry{ID: uuid.NewString(), Ref: ev.PolicyID, Kind: PremiumKind}) // want `a retry creates a second LedgerEntry with a new ID`
		case "claim":
			return ledger.Post(ctx, LedgerEntry{ID: c.ID, Ref: ev.PolicyID, Kind: PremiumKind})
		}
		return nil
	})
}

// Drop is a delivery whose status is plain text.
type Drop struct {
	ID     string
	Status string
	Note   string
}

type dropRepo struct{}

func (dropRepo) Get(ctx context.Context, id string) (*Drop, error) {
	var d Drop
	err := orm.WithContext(ctx).First(&d, "id = ?", id).Error
	return &d, err
}

func (dropRepo) Update(ctx context.Context, id string, fields map[string]any) error {
	return orm.WithContext(ctx).Model(&Drop{}).Where("id = ?", id).Updates(fields).Error
}

var drops dropRepo

// Negative: the status the test reads is set, by the drop's key and a
// map that gives its column the constant, before the submission; a
// retry after it leaves at the test.
func dropDelivered(ctx context.Context, t *asynq.Task) error {
	d, err := drops.Get(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if d.Status == "delivered" {
		return nil
	}
	if err := drops.Update(ctx, d.ID, map[string]any{"status": "delivered"}); err != nil {
		return err
	}
	return orm.Create(&Submission{ID: uuid.NewString(), ClaimID: d.ID}).Error
}

// The map sets another column: the status stays as it was.
func dropNoted(ctx context.Context, t *asynq.Task) error {
	d, err := drops.Get(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if d.Status == "delivered" {
		return nil
	}
	if err := drops.Update(ctx, d.ID, map[string]any{"note": "delivered"}); err != nil {
		return err
	}
	return orm.Create(&Submission{ID: uuid.NewString(), ClaimID: d.ID}).Error // want `a retry creates a second Submission with a new ID`
}

// Keyed holds the ID the lots share.
type Keyed struct{ ID string }

// Lot reads its ID from the struct it embeds.
type Lot struct {
	Keyed
	Status string
}

type lotRepo struct{}

func (lotRepo) Get(ctx context.Context, id string) (*Lot, error) {
	var l Lot
	err := orm.WithContext(ctx).First(&l, "id = ?", id).Error
	return &l, err
}

func (lotRepo) Update(ctx context.Context, id string, fields map[string]any) error {
	return orm.WithContext(ctx).Model(&Lot{}).Where("id = ?", id).Updates(fields).Error
}

var lots lotRepo

// Negative: the lot's key, promoted from the struct it embeds, names
// the row whose status the update sets before the submission.
func lotSold(ctx context.Context, t *asynq.Task) error {
	l, err := lots.Get(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if l.Status == "sold" {
		return nil
	}
	if err := lots.Update(ctx, l.ID, map[string]any{"status": "sold"}); err != nil {
		return err
	}
	return orm.Create(&Submission{ID: uuid.NewString(), ClaimID: l.ID}).Error
}
