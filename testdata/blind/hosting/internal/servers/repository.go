package servers

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrNotFound is returned when no server matches.
var ErrNotFound = errors.New("server not found")

// Repository is the store for the server aggregate.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// WithTx binds the repository to tx.
func (r *Repository) WithTx(tx *gorm.DB) *Repository { return &Repository{db: tx} }

// Create inserts a server.
func (r *Repository) Create(ctx context.Context, s *Server) error {
	return r.db.WithContext(ctx).Create(s).Error
}

// Get loads a server by id.
func (r *Repository) Get(ctx context.Context, id uuid.UUID) (*Server, error) {
	var s Server
	err := r.db.WithContext(ctx).Where("id = ?", id).Take(&s).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &s, err
}

// GetOwned loads a server that belongs to customerID.
func (r *Repository) GetOwned(ctx context.Context, customerID, id uuid.UUID) (*Server, error) {
	var s Server
	err := r.db.WithContext(ctx).Where("id = ? AND customer_id = ?", id, customerID).Take(&s).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &s, err
}

// ByExternalID loads a server by the partner's id.
func (r *Repository) ByExternalID(ctx context.Context, ext string) (*Server, error) {
	var s Server
	err := r.db.WithContext(ctx).Where("external_id = ?", ext).Take(&s).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &s, err
}

// ListByCustomer pages through a customer's servers, newest first.
func (r *Repository) ListByCustomer(ctx context.Context, customerID uuid.UUID, before string, limit int) ([]Server, error) {
	q := r.db.WithContext(ctx).Where("customer_id = ?", customerID)
	if before != "" {
		if t, err := time.Parse(time.RFC3339Nano, before); err == nil {
			q = q.Where("created_at < ?", t)
		}
	}
	var out []Server
	err := q.Order("created_at DESC").Limit(limit + 1).Find(&out).Error
	return out, err
}

// SetExternalID stores the partner's id once the machine is ordered.
func (r *Repository) SetExternalID(ctx context.Context, id uuid.UUID, ext string) error {
	return r.db.WithContext(ctx).Model(&Server{}).
		Where("id = ? AND (external_id IS NULL OR external_id = ?)", id, ext).
		Updates(map[string]any{"external_id": ext, "status": StatusProvisioning}).Error
}

// SetStatus sets a server's status unconditionally.
func (r *Repository) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.db.WithContext(ctx).Model(&Server{}).Where("id = ?", id).Update("status", status).Error
}

// Transition moves a server from one of the from statuses to to. It returns
// false when the server was not in any of them.
func (r *Repository) Transition(ctx context.Context, id uuid.UUID, to string, from ...string) (bool, error) {
	updates := map[string]any{"status": to}
	now := time.Now().UTC()
	switch to {
	case StatusActive:
		updates["activated_at"] = now
	case StatusCancelled:
		updates["cancelled_at"] = now
	}
	res := r.db.WithContext(ctx).Model(&Server{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(updates)
	return res.RowsAffected == 1, res.Error
}

// AddIPs records the addresses assigned to a server.
func (r *Repository) AddIPs(ctx context.Context, ips []IP) error {
	if len(ips) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).Create(&ips).Error
}

// IPs lists a server's addresses.
func (r *Repository) IPs(ctx context.Context, serverID uuid.UUID) ([]IP, error) {
	var out []IP
	err := r.db.WithContext(ctx).Where("server_id = ?", serverID).Order("is_primary DESC, address").Find(&out).Error
	return out, err
}

// ClaimSnapshot inserts s unless (server_id, label) exists and returns the
// stored row.
func (r *Repository) ClaimSnapshot(ctx context.Context, s *Snapshot) (*Snapshot, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "server_id"}, {Name: "label"}}, DoNothing: true}).
		Create(s)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 1 {
		return s, nil
	}
	var existing Snapshot
	err := r.db.WithContext(ctx).Where("server_id = ? AND label = ?", s.ServerID, s.Label).Take(&existing).Error
	return &existing, err
}

// MarkSnapshotStarted records the partner's snapshot id.
func (r *Repository) MarkSnapshotStarted(ctx context.Context, id uuid.UUID, ext, status string) error {
	return r.db.WithContext(ctx).Model(&Snapshot{}).Where("id = ?", id).
		Updates(map[string]any{"external_id": ext, "status": status}).Error
}

// UpdateSnapshotByExternalID applies a status reported by the partner.
func (r *Repository) UpdateSnapshotByExternalID(ctx context.Context, ext, status string, sizeGB int) (bool, error) {
	res := r.db.WithContext(ctx).Model(&Snapshot{}).
		Where("external_id = ? AND status <> ?", ext, status).
		Updates(map[string]any{"status": status, "size_gb": sizeGB})
	return res.RowsAffected == 1, res.Error
}

// HasLicense reports whether a server already has product.
func (r *Repository) HasLicense(ctx context.Context, serverID uuid.UUID, product string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&License{}).
		Where("server_id = ? AND product = ?", serverID, product).Count(&n).Error
	return n > 0, err
}

// CreateLicense inserts a licence row.
func (r *Repository) CreateLicense(ctx context.Context, l *License) error {
	return r.db.WithContext(ctx).Create(l).Error
}

// CreateCancellation inserts the cancellation request.
func (r *Repository) CreateCancellation(ctx context.Context, c *Cancellation) error {
	return r.db.WithContext(ctx).Create(c).Error
}

// GetCancellation loads a cancellation request.
func (r *Repository) GetCancellation(ctx context.Context, serverID uuid.UUID) (*Cancellation, error) {
	var c Cancellation
	err := r.db.WithContext(ctx).Where("server_id = ?", serverID).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &c, err
}

// Licenses lists the licences attached to a server.
func (r *Repository) Licenses(ctx context.Context, serverID uuid.UUID) ([]License, error) {
	var out []License
	err := r.db.WithContext(ctx).Where("server_id = ?", serverID).Order("created_at").Find(&out).Error
	return out, err
}
