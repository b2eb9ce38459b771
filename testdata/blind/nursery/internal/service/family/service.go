// Package family handles family registration and the children attached to
// a family account.
package family

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
	"github.com/acornlane-childcare/nursery/internal/platform/store"
)

// childNamespace scopes child ids derived from portal form submissions.
var childNamespace = uuid.MustParse("0b6d3c0e-5f0a-4c55-9a4e-8d1f2b7e9c31")

type (
	FamilyRepo = store.Repository[db.Family]
	ChildRepo  = store.Repository[db.Child]
)

type Service struct {
	families *FamilyRepo
	children *ChildRepo
}

func NewService(families *FamilyRepo, children *ChildRepo) *Service {
	return &Service{families: families, children: children}
}

type RegisterInput struct {
	NurseryID   uuid.UUID
	DisplayName string
	Email       string
	Phone       string
}

func (in RegisterInput) validate() error {
	if in.NurseryID == uuid.Nil || strings.TrimSpace(in.DisplayName) == "" {
		return fmt.Errorf("%w: nursery and display name are required", apperr.ErrInvalid)
	}
	if !strings.Contains(in.Email, "@") {
		return fmt.Errorf("%w: email address looks wrong", apperr.ErrInvalid)
	}
	return nil
}

// Register creates a family account. Separated parents are registered as
// separate families, so the email address is not unique.
func (s *Service) Register(ctx context.Context, in RegisterInput) (db.Family, error) {
	if err := in.validate(); err != nil {
		return db.Family{}, err
	}
	id := uuid.New()
	row := store.Row{}.
		Set("id", id).
		Set("nursery_id", in.NurseryID).
		Set("display_name", strings.TrimSpace(in.DisplayName)).
		Set("primary_email", strings.ToLower(strings.TrimSpace(in.Email))).
		Set("primary_phone", normalisePhone(in.Phone))
	fam, err := s.families.Insert(ctx, row)
	if err != nil {
		return db.Family{}, fmt.Errorf("insert family: %w", err)
	}
	return fam, nil
}

type AddChildInput struct {
	FirstName   string
	LastName    string
	DateOfBirth time.Time
	// RequestKey is the portal's Idempotency-Key for the form submission.
	RequestKey string
}

// AddChild attaches a child to the family. The child's id is derived from
// the portal's request key, so a resubmitted form finds the row it created
// the first time.
func (s *Service) AddChild(ctx context.Context, familyID uuid.UUID, in AddChildInput) (db.Child, error) {
	if in.RequestKey == "" {
		return db.Child{}, fmt.Errorf("%w: request key is required", apperr.ErrInvalid)
	}
	if _, err := s.families.Get(ctx, familyID); err != nil {
		return db.Child{}, apperr.NotFoundIfNoRows(err)
	}

	id := uuid.NewSHA1(childNamespace, []byte(familyID.String()+"/"+in.RequestKey))
	row := store.Row{}.
		Set("id", id).
		Set("family_id", familyID).
		Set("first_name", in.FirstName).
		Set("last_name", in.LastName).
		Set("date_of_birth", pgtype.Date{Time: in.DateOfBirth, Valid: true})
	if _, err := s.children.InsertIfAbsent(ctx, row, "id"); err != nil {
		return db.Child{}, fmt.Errorf("insert child: %w", err)
	}
	child, err := s.children.Get(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Child{}, apperr.ErrNotFound
	}
	return child, err
}

func normalisePhone(p string) string {
	p = strings.NewReplacer(" ", "", "-", "", "(", "", ")", "").Replace(p)
	if strings.HasPrefix(p, "07") {
		return "+44" + p[1:]
	}
	return p
}
