package postgres

import (
	"context"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/errs"
)

type ClinicRepo struct{ Store }

func NewClinicRepo(s Store) *ClinicRepo { return &ClinicRepo{s} }

func (r *ClinicRepo) Get(ctx context.Context, id string) (domain.Clinic, error) {
	return one[domain.Clinic](ctx, r.q(ctx), "clinics.Get", `SELECT * FROM clinics WHERE id = $1`, id)
}

func (r *ClinicRepo) List(ctx context.Context) ([]domain.Clinic, error) {
	return many[domain.Clinic](ctx, r.q(ctx), "clinics.List", `SELECT * FROM clinics ORDER BY name`)
}

type OwnerRepo struct{ Store }

func NewOwnerRepo(s Store) *OwnerRepo { return &OwnerRepo{s} }

var ownersTable = Table[domain.Owner]{
	Name:     "owners",
	Cols:     []string{"id", "email", "full_name", "phone", "sms_opt_in"},
	Conflict: "ON CONSTRAINT owners_email_key",
}

func (r *OwnerRepo) Upsert(ctx context.Context, o domain.Owner) (domain.Owner, bool, error) {
	const op errs.Op = "owners.Upsert"
	q := r.q(ctx)
	created, err := ownersTable.InsertIgnore(ctx, q, op, o)
	if err != nil {
		return domain.Owner{}, false, err
	}
	stored, err := one[domain.Owner](ctx, q, op, `SELECT * FROM owners WHERE email = $1`, o.Email)
	return stored, created, err
}

func (r *OwnerRepo) Get(ctx context.Context, id string) (domain.Owner, error) {
	return one[domain.Owner](ctx, r.q(ctx), "owners.Get", `SELECT * FROM owners WHERE id = $1`, id)
}

type PetRepo struct{ Store }

func NewPetRepo(s Store) *PetRepo { return &PetRepo{s} }

// Put creates the pet under the client-chosen ID or updates its profile.
// A pet never moves between owners through this path.
func (r *PetRepo) Put(ctx context.Context, p domain.Pet) (domain.Pet, error) {
	const op errs.Op = "pets.Put"
	return one[domain.Pet](ctx, r.q(ctx), op, `
		INSERT INTO pets (id, owner_id, name, species, breed, birth_date, weight_kg)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (id) DO UPDATE
		   SET name = EXCLUDED.name,
		       species = EXCLUDED.species,
		       breed = EXCLUDED.breed,
		       birth_date = EXCLUDED.birth_date,
		       weight_kg = EXCLUDED.weight_kg,
		       updated_at = now()
		 WHERE pets.owner_id = EXCLUDED.owner_id
		RETURNING *`,
		p.ID, p.OwnerID, p.Name, p.Species, p.Breed, p.BirthDate, p.WeightKg)
}

func (r *PetRepo) Get(ctx context.Context, id string) (domain.Pet, error) {
	return one[domain.Pet](ctx, r.q(ctx), "pets.Get", `SELECT * FROM pets WHERE id = $1`, id)
}
