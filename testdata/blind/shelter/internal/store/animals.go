package store

import (
	"context"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type AnimalRepo struct{ q DBTX }

const animalColumns = `id, name, species, breed, status, microchip_number, chip_status,
	source_partner_id, created_at, updated_at`

func (r *AnimalRepo) Get(ctx context.Context, id string) (domain.Animal, error) {
	var a domain.Animal
	err := r.q.GetContext(ctx, &a, `SELECT `+animalColumns+` FROM animals WHERE id = $1`, id)
	return a, notFound(err)
}

func (r *AnimalRepo) Insert(ctx context.Context, a domain.Animal) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO animals (`+animalColumns+`)
		VALUES (:id, :name, :species, :breed, :status, :microchip_number, :chip_status,
		        :source_partner_id, :created_at, :updated_at)`, a)
	return err
}

// Transition moves an animal from one status to another. It returns
// domain.ErrInvalidState when the animal is not in the expected status.
func (r *AnimalRepo) Transition(ctx context.Context, id, from, to string, at time.Time) error {
	res, err := r.q.ExecContext(ctx, `
		UPDATE animals SET status = $3, updated_at = $4
		WHERE id = $1 AND status = $2`, id, from, to, at)
	if err != nil {
		return err
	}
	n, err := affected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrInvalidState
	}
	return nil
}

func (r *AnimalRepo) SetChip(ctx context.Context, id, chip, chipStatus string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE animals SET microchip_number = $2, chip_status = $3, updated_at = $4
		WHERE id = $1`, id, chip, chipStatus, at)
	return err
}

func (r *AnimalRepo) SetChipStatus(ctx context.Context, id, chipStatus string, at time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE animals SET chip_status = $2, updated_at = $3 WHERE id = $1`, id, chipStatus, at)
	return err
}

func (r *AnimalRepo) InsertRegistration(ctx context.Context, reg domain.MicrochipRegistration) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO microchip_registrations (id, animal_id, chip_number, registry_ref, kind, created_at)
		VALUES (:id, :animal_id, :chip_number, :registry_ref, :kind, :created_at)
		ON CONFLICT (id) DO NOTHING`, reg)
	return err
}

func (r *AnimalRepo) InsertOutboundTransfer(ctx context.Context, t domain.OutboundTransfer) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO outbound_transfers (id, animal_id, partner_id, partner_ref, reason, created_at)
		VALUES (:id, :animal_id, :partner_id, :partner_ref, :reason, :created_at)`, t)
	return err
}
