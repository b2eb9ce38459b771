package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Patient is a patient known through a partner.
type Patient struct {
	ID         uuid.UUID
	PartnerID  string
	MRN        string
	GivenName  string
	FamilyName string
	BirthDate  time.Time
	Phone      string
	SMSOptIn   bool
	PayerID    string
	MemberID   string
}

// Account is a patient's self-pay account.
type Account struct {
	PatientID     uuid.UUID
	BalanceCents  int64
	CreditCents   int64
	PaymentMethod string
	Autopay       bool
}

// Patients is the patients repository.
type Patients struct{ db db.DBTX }

// NewPatients returns a Patients repository.
func NewPatients(conn db.DBTX) *Patients { return &Patients{db: conn} }

// WithTx binds the repository to tx.
func (r *Patients) WithTx(tx *sql.Tx) *Patients { return &Patients{db: tx} }

// Upsert inserts or refreshes a patient keyed by (partner, MRN) and returns
// the stored ID.
func (r *Patients) Upsert(ctx context.Context, p Patient) (uuid.UUID, error) {
	var id uuid.UUID
	err := r.db.QueryRowContext(ctx, `
		INSERT INTO patients (id, partner_id, mrn, given_name, family_name, birth_date, phone, sms_opt_in, payer_id, member_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (partner_id, mrn) DO UPDATE SET
			given_name  = EXCLUDED.given_name,
			family_name = EXCLUDED.family_name,
			phone       = coalesce(EXCLUDED.phone, patients.phone),
			sms_opt_in  = EXCLUDED.sms_opt_in,
			payer_id    = EXCLUDED.payer_id,
			member_id   = EXCLUDED.member_id
		RETURNING id`,
		p.ID, p.PartnerID, p.MRN, p.GivenName, p.FamilyName, p.BirthDate,
		db.NullString(p.Phone), p.SMSOptIn, db.NullString(p.PayerID), db.NullString(p.MemberID)).Scan(&id)
	return id, err
}

// Get loads a patient.
func (r *Patients) Get(ctx context.Context, id uuid.UUID) (Patient, error) {
	var p Patient
	err := r.db.QueryRowContext(ctx, `
		SELECT id, partner_id, mrn, given_name, family_name, birth_date, coalesce(phone, ''), sms_opt_in,
		       coalesce(payer_id, ''), coalesce(member_id, '')
		FROM patients WHERE id = $1`, id).
		Scan(&p.ID, &p.PartnerID, &p.MRN, &p.GivenName, &p.FamilyName, &p.BirthDate, &p.Phone, &p.SMSOptIn,
			&p.PayerID, &p.MemberID)
	return p, noRows(err)
}

// UpdateContact sets the phone and SMS consent of a patient by MRN.
func (r *Patients) UpdateContact(ctx context.Context, partnerID, mrn, phone string, optIn bool) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE patients SET phone = $3, sms_opt_in = $4 WHERE partner_id = $1 AND mrn = $2`,
		partnerID, mrn, db.NullString(phone), optIn)
	return err
}

// EnsureAccount creates the patient's account row if missing.
func (r *Patients) EnsureAccount(ctx context.Context, patientID uuid.UUID) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO patient_accounts (patient_id) VALUES ($1) ON CONFLICT (patient_id) DO NOTHING`, patientID)
	return err
}

// Account loads a patient's account.
func (r *Patients) Account(ctx context.Context, patientID uuid.UUID) (Account, error) {
	var a Account
	err := r.db.QueryRowContext(ctx, `
		SELECT patient_id, balance_cents, credit_cents, coalesce(payment_method, ''), autopay
		FROM patient_accounts WHERE patient_id = $1`, patientID).
		Scan(&a.PatientID, &a.BalanceCents, &a.CreditCents, &a.PaymentMethod, &a.Autopay)
	return a, noRows(err)
}

// AddCredit adds cents to the account's credit.
func (r *Patients) AddCredit(ctx context.Context, patientID uuid.UUID, cents int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE patient_accounts SET credit_cents = credit_cents + $2, updated_at = now()
		WHERE patient_id = $1`, patientID, cents)
	return err
}

// AddBalance adds cents (negative for payments) to the account balance.
func (r *Patients) AddBalance(ctx context.Context, patientID uuid.UUID, cents int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE patient_accounts SET balance_cents = balance_cents + $2, updated_at = now()
		WHERE patient_id = $1`, patientID, cents)
	return err
}

// AccountsWithBalance lists accounts owing money.
func (r *Patients) AccountsWithBalance(ctx context.Context, limit int) ([]Account, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT patient_id, balance_cents, credit_cents, coalesce(payment_method, ''), autopay
		FROM patient_accounts WHERE balance_cents > 0 ORDER BY patient_id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		var a Account
		if err := rows.Scan(&a.PatientID, &a.BalanceCents, &a.CreditCents, &a.PaymentMethod, &a.Autopay); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
