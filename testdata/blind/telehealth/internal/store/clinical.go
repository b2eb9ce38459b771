package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
)

// EligibilityRepo caches payer eligibility responses per service date.
type EligibilityRepo struct {
	db *sqlx.DB
}

func NewEligibilityRepo(d *sqlx.DB) *EligibilityRepo { return &EligibilityRepo{db: d} }

func (r *EligibilityRepo) Upsert(ctx context.Context, e *domain.EligibilityResult) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO eligibility_results
			(patient_id, payer_id, service_date, member_id, active, copay_cents, plan_name, trace_number, raw_response, checked_at)
		VALUES
			(:patient_id, :payer_id, :service_date, :member_id, :active, :copay_cents, :plan_name, :trace_number, :raw_response, now())
		ON CONFLICT (patient_id, payer_id, service_date) DO UPDATE SET
			member_id = EXCLUDED.member_id,
			active = EXCLUDED.active,
			copay_cents = EXCLUDED.copay_cents,
			plan_name = EXCLUDED.plan_name,
			trace_number = EXCLUDED.trace_number,
			raw_response = EXCLUDED.raw_response,
			checked_at = now()`, e)
	return err
}

func (r *EligibilityRepo) Fresh(ctx context.Context, patientID uuid.UUID, payerID string, day time.Time, maxAge time.Duration) (*domain.EligibilityResult, error) {
	e, err := db.GetOne[domain.EligibilityResult](ctx, r.db, `
		SELECT * FROM eligibility_results
		WHERE patient_id = $1 AND payer_id = $2 AND service_date = $3::date
		  AND checked_at > now() - make_interval(secs => $4)`,
		patientID, payerID, day, maxAge.Seconds())
	return e, mapNotFound(err)
}

// PrescriptionRepo persists e-prescriptions and renewals.
type PrescriptionRepo struct {
	db *sqlx.DB
}

func NewPrescriptionRepo(d *sqlx.DB) *PrescriptionRepo { return &PrescriptionRepo{db: d} }

// Ensure inserts the prescription line unless the visit already has that
// line, and returns the stored row.
func (r *PrescriptionRepo) Ensure(ctx context.Context, rx *domain.Prescription) (*domain.Prescription, error) {
	return db.InTxValue(ctx, r.db, func(tx *sqlx.Tx) (*domain.Prescription, error) {
		if _, err := tx.NamedExecContext(ctx, `
			INSERT INTO prescriptions
				(id, appointment_id, line_no, prescriber_id, patient_id, ndc, drug_name, sig, quantity, refills, pharmacy_ncpdp, status)
			VALUES
				(:id, :appointment_id, :line_no, :prescriber_id, :patient_id, :ndc, :drug_name, :sig, :quantity, :refills, :pharmacy_ncpdp, 'draft')
			ON CONFLICT (appointment_id, line_no) DO NOTHING`, rx); err != nil {
			return nil, err
		}
		return db.GetOne[domain.Prescription](ctx, tx, `
			SELECT * FROM prescriptions WHERE appointment_id = $1 AND line_no = $2`, rx.AppointmentID, rx.LineNo)
	})
}

func (r *PrescriptionRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Prescription, error) {
	rx, err := db.GetOne[domain.Prescription](ctx, r.db, `SELECT * FROM prescriptions WHERE id = $1`, id)
	return rx, mapNotFound(err)
}

func (r *PrescriptionRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, partnerOrderID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE prescriptions
		SET status = 'submitted', partner_order_id = $2, submitted_at = now(), updated_at = now()
		WHERE id = $1 AND status = 'draft'`, id, partnerOrderID)
	return err
}

func (r *PrescriptionRepo) MarkCancelled(ctx context.Context, id uuid.UUID) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE prescriptions SET status = 'cancelled', cancelled_at = COALESCE(cancelled_at, now()), updated_at = now()
		WHERE id = $1 AND status <> 'filled'`, id)
	return err
}

// ClaimStatusEvent records a partner status event; it reports false if the
// event was seen before.
func (r *PrescriptionRepo) ClaimStatusEvent(ctx context.Context, tx *sqlx.Tx, eventID, orderID, status, detail string, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO rx_status_events (partner_event_id, partner_order_id, status, detail, occurred_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (partner_event_id) DO NOTHING`, eventID, orderID, status, detail, at)
	if err != nil {
		return false, err
	}
	return db.Affected(res) == 1, nil
}

// ApplyPartnerStatus moves the prescription forward; statuses never move
// backwards from a terminal state.
func (r *PrescriptionRepo) ApplyPartnerStatus(ctx context.Context, tx *sqlx.Tx, orderID, status string) error {
	_, err := tx.ExecContext(ctx, `
		UPDATE prescriptions SET status = $2, updated_at = now()
		WHERE partner_order_id = $1 AND status NOT IN ('filled', 'cancelled', 'rejected')`, orderID, status)
	return err
}

// EnsureRenewal inserts renewal seq for the prescription unless present.
func (r *PrescriptionRepo) EnsureRenewal(ctx context.Context, rn *domain.PrescriptionRenewal) (*domain.PrescriptionRenewal, error) {
	return db.InTxValue(ctx, r.db, func(tx *sqlx.Tx) (*domain.PrescriptionRenewal, error) {
		if _, err := tx.NamedExecContext(ctx, `
			INSERT INTO prescription_renewals (id, prescription_id, seq, quantity, status, requested_by)
			VALUES (:id, :prescription_id, :seq, :quantity, 'pending', :requested_by)
			ON CONFLICT (prescription_id, seq) DO NOTHING`, rn); err != nil {
			return nil, err
		}
		return db.GetOne[domain.PrescriptionRenewal](ctx, tx, `
			SELECT * FROM prescription_renewals WHERE prescription_id = $1 AND seq = $2`, rn.PrescriptionID, rn.Seq)
	})
}

func (r *PrescriptionRepo) MarkRenewalSent(ctx context.Context, id uuid.UUID, partnerRenewalID string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE prescription_renewals SET status = 'sent', partner_renewal_id = $2
		WHERE id = $1`, id, partnerRenewalID)
	return err
}

// NoteRepo persists visit notes and addenda.
type NoteRepo struct {
	db *sqlx.DB
}

func NewNoteRepo(d *sqlx.DB) *NoteRepo { return &NoteRepo{db: d} }

func (r *NoteRepo) DB() *sqlx.DB { return r.db }

// SaveDraft creates or replaces the unsigned note for an appointment.
func (r *NoteRepo) SaveDraft(ctx context.Context, n *domain.VisitNote) (*domain.VisitNote, error) {
	var out domain.VisitNote
	rows, err := r.db.NamedQueryContext(ctx, `
		INSERT INTO visit_notes (id, appointment_id, author_id, subjective, objective, assessment, plan)
		VALUES (:id, :appointment_id, :author_id, :subjective, :objective, :assessment, :plan)
		ON CONFLICT (appointment_id) DO UPDATE SET
			subjective = EXCLUDED.subjective,
			objective = EXCLUDED.objective,
			assessment = EXCLUDED.assessment,
			plan = EXCLUDED.plan,
			updated_at = now()
		WHERE visit_notes.signed_at IS NULL
		RETURNING *`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, domain.ErrInvalidState
	}
	if err := rows.StructScan(&out); err != nil {
		return nil, err
	}
	return &out, rows.Err()
}

func (r *NoteRepo) ByAppointment(ctx context.Context, q db.Querier, apptID uuid.UUID) (*domain.VisitNote, error) {
	n, err := db.GetOne[domain.VisitNote](ctx, q, `SELECT * FROM visit_notes WHERE appointment_id = $1`, apptID)
	return n, mapNotFound(err)
}

// Sign sets the signature on an unsigned note inside tx and reports whether
// this call signed it.
func (r *NoteRepo) Sign(ctx context.Context, tx *sqlx.Tx, noteID, signer uuid.UUID) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE visit_notes SET signed_at = now(), signed_by = $2, updated_at = now()
		WHERE id = $1 AND signed_at IS NULL`, noteID, signer)
	if err != nil {
		return false, err
	}
	return db.Affected(res) == 1, nil
}

func (r *NoteRepo) AddAddendum(ctx context.Context, a *domain.NoteAddendum) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO note_addenda (id, note_id, author_id, body)
		VALUES (:id, :note_id, :author_id, :body)`, a)
	return err
}

// MessageRepo persists secure care-team messages.
type MessageRepo struct {
	db *sqlx.DB
}

func NewMessageRepo(d *sqlx.DB) *MessageRepo { return &MessageRepo{db: d} }

// Insert stores m, assigning its ID if the caller left it empty.
func (r *MessageRepo) Insert(ctx context.Context, m *domain.CareMessage) error {
	if m.ID == "" {
		m.ID = ids.Prefixed("msg")
	}
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO care_messages (id, appointment_id, sender_id, sender_role, body)
		VALUES (:id, :appointment_id, :sender_id, :sender_role, :body)`, m)
	return err
}
