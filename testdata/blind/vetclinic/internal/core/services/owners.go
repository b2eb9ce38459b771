package services

import (
	"context"
	"database/sql"
	"net/mail"
	"strings"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

type OwnerService struct {
	owners ports.OwnerRepository
	pets   ports.PetRepository
}

func NewOwnerService(owners ports.OwnerRepository, pets ports.PetRepository) *OwnerService {
	return &OwnerService{owners: owners, pets: pets}
}

type RegisterOwner struct {
	Email    string `json:"email"`
	FullName string `json:"full_name"`
	Phone    string `json:"phone"`
	SMSOptIn *bool  `json:"sms_opt_in"`
}

// Register creates an owner account. Owners are identified by e-mail; a
// second registration with the same address returns the existing account.
func (s *OwnerService) Register(ctx context.Context, in RegisterOwner) (domain.Owner, bool, error) {
	const op errs.Op = "owners.Register"
	addr, err := mail.ParseAddress(strings.TrimSpace(in.Email))
	if err != nil {
		return domain.Owner{}, false, errs.E(op, errs.Invalid, "invalid email")
	}
	if strings.TrimSpace(in.FullName) == "" {
		return domain.Owner{}, false, errs.E(op, errs.Invalid, "full_name is required")
	}
	optIn := true
	if in.SMSOptIn != nil {
		optIn = *in.SMSOptIn
	}
	o, created, err := s.owners.Upsert(ctx, domain.Owner{
		ID:       ids.New(),
		Email:    strings.ToLower(addr.Address),
		FullName: strings.TrimSpace(in.FullName),
		Phone:    strings.TrimSpace(in.Phone),
		SMSOptIn: optIn,
	})
	return o, created, errs.Wrap(op, err)
}

type PetInput struct {
	Name      string   `json:"name"`
	Species   string   `json:"species"`
	Breed     string   `json:"breed"`
	BirthDate string   `json:"birth_date"`
	WeightKg  *float64 `json:"weight_kg"`
}

// PutPet creates or updates a pet under an ID chosen by the client app.
func (s *OwnerService) PutPet(ctx context.Context, ownerID, petID string, in PetInput) (domain.Pet, error) {
	const op errs.Op = "owners.PutPet"
	if !ids.Valid(petID) {
		return domain.Pet{}, errs.E(op, errs.Invalid, "pet id must be a UUID")
	}
	if in.Name == "" || in.Species == "" {
		return domain.Pet{}, errs.E(op, errs.Invalid, "name and species are required")
	}
	if _, err := s.owners.Get(ctx, ownerID); err != nil {
		return domain.Pet{}, errs.Wrap(op, err)
	}
	p := domain.Pet{
		ID:      petID,
		OwnerID: ownerID,
		Name:    in.Name,
		Species: strings.ToLower(in.Species),
		Breed:   in.Breed,
	}
	if in.BirthDate != "" {
		d, err := time.Parse("2006-01-02", in.BirthDate)
		if err != nil {
			return domain.Pet{}, errs.E(op, errs.Invalid, "birth_date must be YYYY-MM-DD")
		}
		p.BirthDate = sql.NullTime{Time: d, Valid: true}
	}
	if in.WeightKg != nil {
		p.WeightKg = sql.NullFloat64{Float64: *in.WeightKg, Valid: true}
	}
	stored, err := s.pets.Put(ctx, p)
	if errs.Is(errs.NotFound, err) {
		return domain.Pet{}, errs.E(op, errs.Conflict, "pet belongs to another owner")
	}
	return stored, errs.Wrap(op, err)
}
