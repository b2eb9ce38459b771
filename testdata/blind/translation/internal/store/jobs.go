// Package store holds the repositories of the marketplace aggregates.
package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Jobs is the job repository.
type Jobs struct {
	platform.Repo[domain.Job]
}

// NewJobs builds the job repository.
func NewJobs(db *gorm.DB) *Jobs {
	return &Jobs{Repo: platform.NewRepo[domain.Job](db)}
}

// Transition moves a job to status `to` if it currently is in one of from.
// extra columns are written in the same statement.
func (r *Jobs) Transition(ctx context.Context, id string, from []string, to string, extra map[string]any) (int64, error) {
	fields := map[string]any{"status": to, "updated_at": time.Now().UTC()}
	for k, v := range extra {
		fields[k] = v
	}
	return r.Update(ctx, fields, "id = ? AND status IN ?", id, from)
}

// AddEvent appends an audit entry.
func (r *Jobs) AddEvent(ctx context.Context, jobID, kind, actor, detail string) error {
	ev := domain.JobEvent{
		ID: platform.NewID(), JobID: jobID, Kind: kind, Actor: actor, Detail: detail,
		CreatedAt: time.Now().UTC(),
	}
	return r.DB(ctx).Create(&ev).Error
}

// MarkSettled records that the translator has been credited for the job.
func (r *Jobs) MarkSettled(ctx context.Context, id string) error {
	return r.DB(ctx).Transaction(func(tx *gorm.DB) error {
		now := time.Now().UTC()
		if err := tx.Model(&domain.Job{}).Where("id = ? AND settled_at IS NULL", id).
			Updates(map[string]any{"settled_at": now, "updated_at": now}).Error; err != nil {
			return err
		}
		return tx.Create(&domain.JobEvent{
			ID: platform.NewID(), JobID: id, Kind: "settled", Actor: "system", CreatedAt: now,
		}).Error
	})
}

// Overdue lists assigned jobs whose deadline passed more than grace ago and
// that have not yet received a late-delivery credit.
func (r *Jobs) Overdue(ctx context.Context, now time.Time, grace time.Duration, limit int) ([]domain.Job, error) {
	var out []domain.Job
	err := r.DB(ctx).
		Where("status = ? AND deadline_at < ? AND late_credit_at IS NULL", domain.JobAssigned, now.Add(-grace)).
		Order("deadline_at").Limit(limit).Find(&out).Error
	return out, err
}

// Accounts loads clients and translators.
type Accounts struct {
	Clients     platform.Repo[domain.Client]
	Translators platform.Repo[domain.Translator]
}

// NewAccounts builds the account repositories.
func NewAccounts(db *gorm.DB) *Accounts {
	return &Accounts{
		Clients:     platform.NewRepo[domain.Client](db),
		Translators: platform.NewRepo[domain.Translator](db),
	}
}

// Client loads a client by id.
func (a *Accounts) Client(ctx context.Context, id uuid.UUID) (*domain.Client, error) {
	return a.Clients.Get(ctx, id)
}

// Translator loads a translator by id.
func (a *Accounts) Translator(ctx context.Context, id uuid.UUID) (*domain.Translator, error) {
	return a.Translators.Get(ctx, id)
}
