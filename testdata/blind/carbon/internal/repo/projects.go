package repo

import (
	"context"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
)

type projects struct {
	rows   db.Repository[domain.Project]
	events db.Repository[domain.ProjectStatusEvent]
}

// NewProjects returns the gorm backed Projects repository.
func NewProjects() Projects { return &projects{} }

func (r *projects) CreateIfAbsent(ctx context.Context, p *domain.Project) (bool, error) {
	return r.rows.CreateIgnore(ctx, p, "registry_project_id")
}

func (r *projects) Get(ctx context.Context, id uuid.UUID) (*domain.Project, error) {
	return r.rows.Get(ctx, id)
}

func (r *projects) ByRegistryID(ctx context.Context, registryProjectID string) (*domain.Project, error) {
	return r.rows.FindOne(ctx, "registry_project_id = ?", registryProjectID)
}

func (r *projects) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.rows.Update(ctx, id, map[string]any{"status": status, "updated_at": now()})
}

func (r *projects) AddStatusEvent(ctx context.Context, ev *domain.ProjectStatusEvent) error {
	return r.events.Create(ctx, ev)
}

type developers struct {
	rows db.Repository[domain.Developer]
}

// NewDevelopers returns the gorm backed Developers repository.
func NewDevelopers() Developers { return &developers{} }

func (r *developers) Get(ctx context.Context, id uuid.UUID) (*domain.Developer, error) {
	return r.rows.Get(ctx, id)
}

type accounts struct {
	rows db.Repository[domain.Account]
}

// NewAccounts returns the gorm backed Accounts repository.
func NewAccounts() Accounts { return &accounts{} }

func (r *accounts) Get(ctx context.Context, id uuid.UUID) (*domain.Account, error) {
	return r.rows.Get(ctx, id)
}

// EnsureFor returns the account of owner for purpose, creating it on first
// use. The identifier is derived from the owner so concurrent callers agree.
func (r *accounts) EnsureFor(ctx context.Context, ownerType string, ownerID uuid.UUID, purpose string) (*domain.Account, error) {
	a := &domain.Account{
		ID:        deriveAccountID(ownerType, ownerID, purpose),
		OwnerType: ownerType,
		OwnerID:   ownerID,
		Purpose:   purpose,
		CreatedAt: now(),
	}
	if _, err := r.rows.CreateIgnore(ctx, a, "owner_type", "owner_id", "purpose"); err != nil {
		return nil, err
	}
	return r.rows.FindOne(ctx, "owner_type = ? AND owner_id = ? AND purpose = ?", ownerType, ownerID, purpose)
}

func (r *accounts) Issuance(ctx context.Context, projectID uuid.UUID) (*domain.Account, error) {
	return r.rows.FindOne(ctx, "owner_type = ? AND owner_id = ? AND purpose = ?", "project", projectID, domain.PurposeIssuance)
}

type batches struct {
	rows          db.Repository[domain.CreditBatch]
	blocks        db.Repository[domain.SerialBlock]
	cancellations db.Repository[domain.SerialCancellation]
}

// NewBatches returns the gorm backed Batches repository.
func NewBatches() Batches { return &batches{} }

func (r *batches) Get(ctx context.Context, id uuid.UUID) (*domain.CreditBatch, error) {
	return r.rows.Get(ctx, id)
}

func (r *batches) MarkRegistered(ctx context.Context, id uuid.UUID, registryRef string) error {
	return r.rows.Update(ctx, id, map[string]any{
		"status":             domain.BatchRegistered,
		"registry_batch_ref": registryRef,
	})
}

func (r *batches) AddSerialBlock(ctx context.Context, b *domain.SerialBlock) error {
	return r.blocks.Create(ctx, b)
}

func (r *batches) AddCancellation(ctx context.Context, c *domain.SerialCancellation) error {
	return r.cancellations.Create(ctx, c)
}
