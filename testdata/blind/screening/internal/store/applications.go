package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tenantlens/screening/internal/domain"
)

var typeMap = pgtype.NewMap()

// textArray lets database/sql scan a Postgres TEXT[] into a []string.
func textArray(dst *[]string) any { return typeMap.SQLScanner(dst) }

// ---- managers, partners, properties ----

func (s *Store) ManagerByAPIKeyHash(ctx context.Context, hash string) (domain.Manager, error) {
	var m domain.Manager
	var cust sql.NullString
	err := s.db.QueryRowContext(ctx, `
		SELECT id, name, billing_email, stripe_customer_id
		FROM property_managers WHERE api_key_hash = $1`, hash).
		Scan(&m.ID, &m.Name, &m.BillingEmail, &cust)
	if err != nil {
		return domain.Manager{}, notFound(err)
	}
	m.StripeCustomerID = cust.String
	return m, nil
}

func (s *Store) GetManager(ctx context.Context, id string) (domain.Manager, error) {
	var m domain.Manager
	var cust sql.NullString
	err := s.db.QueryRowContext(ctx, `
		SELECT id, name, billing_email, stripe_customer_id
		FROM property_managers WHERE id = $1`, id).
		Scan(&m.ID, &m.Name, &m.BillingEmail, &cust)
	if err != nil {
		return domain.Manager{}, notFound(err)
	}
	m.StripeCustomerID = cust.String
	return m, nil
}

// SetStripeCustomerID records the Stripe customer for a manager.
func (s *Store) SetStripeCustomerID(ctx context.Context, managerID, customerID string) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE property_managers SET stripe_customer_id = $2, updated_at = now()
		WHERE id = $1`, managerID, customerID)
	return err
}

// PartnerIDByTokenHash resolves the calling partner portal.
func (s *Store) PartnerIDByTokenHash(ctx context.Context, hash string) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM partners WHERE token_hash = $1`, hash).Scan(&id)
	return id, notFound(err)
}

func (s *Store) GetProperty(ctx context.Context, managerID, id string) (domain.Property, error) {
	var p domain.Property
	err := s.db.QueryRowContext(ctx, `
		SELECT id, manager_id, external_ref, name, line1, city, state, zip, created_at
		FROM properties WHERE manager_id = $1 AND id = $2`, managerID, id).
		Scan(&p.ID, &p.ManagerID, &p.ExternalRef, &p.Name, &p.Address.Line1,
			&p.Address.City, &p.Address.State, &p.Address.Zip, &p.CreatedAt)
	return p, notFound(err)
}

// UpsertProperty creates or refreshes a property by its (manager, external
// reference) key. created reports whether a new row was inserted.
func (s *Store) UpsertProperty(ctx context.Context, p domain.Property) (domain.Property, bool, error) {
	var created bool
	err := s.db.QueryRowContext(ctx, `
		INSERT INTO properties (id, manager_id, external_ref, name, line1, city, state, zip)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (manager_id, external_ref) DO UPDATE
		   SET name = EXCLUDED.name, line1 = EXCLUDED.line1, city = EXCLUDED.city,
		       state = EXCLUDED.state, zip = EXCLUDED.zip, updated_at = now()
		RETURNING id, created_at, (xmax = 0)`,
		p.ID, p.ManagerID, p.ExternalRef, p.Name, p.Address.Line1, p.Address.City,
		p.Address.State, p.Address.Zip).Scan(&p.ID, &p.CreatedAt, &created)
	if err != nil {
		return domain.Property{}, false, fmt.Errorf("upsert property: %w", err)
	}
	return p, created, nil
}

// ---- idempotency keys ----

// IdempotencyRecord is a stored response for a client-supplied key.
type IdempotencyRecord struct {
	ManagerID    string
	Key          string
	RequestHash  string
	ResourceID   string
	ResponseCode int
	ResponseBody []byte
}

// LookupIdempotencyKey returns the stored record for (manager, key), locking
// it for the rest of the transaction.
func (s *Store) LookupIdempotencyKey(ctx context.Context, q Queryer, managerID, key string) (IdempotencyRecord, bool, error) {
	r := IdempotencyRecord{ManagerID: managerID, Key: key}
	err := q.QueryRowContext(ctx, `
		SELECT request_hash, resource_id, response_code, response_body
		FROM idempotency_keys WHERE manager_id = $1 AND idem_key = $2
		FOR UPDATE`, managerID, key).
		Scan(&r.RequestHash, &r.ResourceID, &r.ResponseCode, &r.ResponseBody)
	if errors.Is(err, sql.ErrNoRows) {
		return IdempotencyRecord{}, false, nil
	}
	if err != nil {
		return IdempotencyRecord{}, false, err
	}
	return r, true, nil
}

// SaveIdempotencyKey stores the response for a key. It is meant to run in
// the same transaction as the write it describes.
func (s *Store) SaveIdempotencyKey(ctx context.Context, q Queryer, r IdempotencyRecord) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (manager_id, idem_key, request_hash, resource_id, response_code, response_body)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		r.ManagerID, r.Key, r.RequestHash, r.ResourceID, r.ResponseCode, r.ResponseBody)
	if IsUniqueViolation(err) {
		return fmt.Errorf("idempotency key %q in flight: %w", r.Key, domain.ErrConflict)
	}
	return err
}

// ---- applications ----

const applicationColumns = `
	id, manager_id, property_id, COALESCE(partner_id, ''), COALESCE(partner_ref, ''), status,
	first_name, last_name, email, phone, date_of_birth, ssn_last4,
	addr_line1, addr_line2, addr_city, addr_state, addr_zip, monthly_rent,
	COALESCE(decision, ''), COALESCE(decision_reason, ''), decided_at, created_at, updated_at`

func scanApplication(row interface{ Scan(...any) error }) (domain.Application, error) {
	var a domain.Application
	var decided sql.NullTime
	err := row.Scan(&a.ID, &a.ManagerID, &a.PropertyID, &a.PartnerID, &a.PartnerRef, &a.Status,
		&a.Applicant.FirstName, &a.Applicant.LastName, &a.Applicant.Email, &a.Applicant.Phone,
		&a.Applicant.DateOfBirth, &a.Applicant.SSNLast4,
		&a.Applicant.Address.Line1, &a.Applicant.Address.Line2, &a.Applicant.Address.City,
		&a.Applicant.Address.State, &a.Applicant.Address.Zip, &a.MonthlyRent,
		&a.Decision, &a.DecisionReason, &decided, &a.CreatedAt, &a.UpdatedAt)
	a.DecidedAt = timePtr(decided)
	return a, err
}

func insertApplicationArgs(a domain.Application) []any {
	ap := a.Applicant
	return []any{a.ID, a.ManagerID, a.PropertyID, nullString(a.PartnerID), nullString(a.PartnerRef), a.Status,
		ap.FirstName, ap.LastName, ap.Email, ap.Phone, ap.DateOfBirth, ap.SSNLast4,
		ap.Address.Line1, ap.Address.Line2, ap.Address.City, ap.Address.State, ap.Address.Zip, a.MonthlyRent}
}

const insertApplicationSQL = `
	INSERT INTO applications (id, manager_id, property_id, partner_id, partner_ref, status,
		first_name, last_name, email, phone, date_of_birth, ssn_last4,
		addr_line1, addr_line2, addr_city, addr_state, addr_zip, monthly_rent)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`

// InsertApplication inserts a new application row.
func (s *Store) InsertApplication(ctx context.Context, q Queryer, a domain.Application) error {
	_, err := q.ExecContext(ctx, insertApplicationSQL, insertApplicationArgs(a)...)
	return err
}

// InsertPartnerApplication inserts an application submitted by a partner
// portal, keyed by the partner's own reference. inserted is false when the
// partner had already submitted that reference.
func (s *Store) InsertPartnerApplication(ctx context.Context, a domain.Application) (bool, error) {
	res, err := s.db.ExecContext(ctx, insertApplicationSQL+`
		ON CONFLICT (partner_id, partner_ref) DO NOTHING`, insertApplicationArgs(a)...)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (s *Store) ApplicationByPartnerRef(ctx context.Context, partnerID, ref string) (domain.Application, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+applicationColumns+`
		FROM applications WHERE partner_id = $1 AND partner_ref = $2`, partnerID, ref)
	a, err := scanApplication(row)
	return a, notFound(err)
}

func (s *Store) GetApplication(ctx context.Context, q Queryer, id string) (domain.Application, error) {
	row := q.QueryRowContext(ctx, `SELECT `+applicationColumns+` FROM applications WHERE id = $1`, id)
	a, err := scanApplication(row)
	return a, notFound(err)
}

// ApplicationForManager loads an application scoped to its owning manager.
func (s *Store) ApplicationForManager(ctx context.Context, managerID, id string) (domain.Application, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+applicationColumns+`
		FROM applications WHERE manager_id = $1 AND id = $2`, managerID, id)
	a, err := scanApplication(row)
	return a, notFound(err)
}

// ReplaceApplicant overwrites the applicant's personal details. Only allowed
// before any report has been ordered.
func (s *Store) ReplaceApplicant(ctx context.Context, managerID, id string, ap domain.Applicant) (bool, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE applications
		   SET first_name = $3, last_name = $4, email = $5, phone = $6, date_of_birth = $7,
		       ssn_last4 = $8, addr_line1 = $9, addr_line2 = $10, addr_city = $11,
		       addr_state = $12, addr_zip = $13, updated_at = now()
		 WHERE manager_id = $1 AND id = $2 AND status IN ('pending_consent', 'consented')`,
		managerID, id, ap.FirstName, ap.LastName, ap.Email, ap.Phone, ap.DateOfBirth, ap.SSNLast4,
		ap.Address.Line1, ap.Address.Line2, ap.Address.City, ap.Address.State, ap.Address.Zip)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// TransitionApplication moves an application to status `to` if it is
// currently in one of `from`. It reports whether a row changed.
func (s *Store) TransitionApplication(ctx context.Context, q Queryer, id string, from []string, to string) (bool, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE applications SET status = $3, updated_at = now()
		WHERE id = $1 AND status = ANY($2)`, id, from, to)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// RecordDecision stores the manager's decision on an application.
func (s *Store) RecordDecision(ctx context.Context, id, decision, reason string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `
		UPDATE applications
		   SET status = $2, decision = $2, decision_reason = $3, decided_at = $4, updated_at = now()
		 WHERE id = $1 AND decided_at IS NULL`, id, decision, nullString(reason), at)
	if err != nil {
		return err
	}
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("application %s already decided: %w", id, domain.ErrConflict)
	}
	return nil
}

// WithdrawApplication marks an application withdrawn by the applicant and
// stops any screening work that has not gone out to a bureau yet.
func (s *Store) WithdrawApplication(ctx context.Context, id string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `
		UPDATE applications SET status = 'withdrawn', withdrawn_at = $2, updated_at = now()
		WHERE id = $1 AND status NOT IN ('approved', 'conditional', 'declined', 'withdrawn')`, id, at)
	if err != nil {
		return fmt.Errorf("withdraw application: %w", err)
	}
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("application %s cannot be withdrawn: %w", id, domain.ErrConflict)
	}
	if _, err := s.db.ExecContext(ctx, `
		UPDATE report_orders SET status = 'cancelled', updated_at = now()
		WHERE application_id = $1 AND status = 'pending'`, id); err != nil {
		return fmt.Errorf("cancel pending orders: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `
		UPDATE identity_verifications SET status = 'cancelled'
		WHERE application_id = $1 AND status = 'pending'`, id); err != nil {
		return fmt.Errorf("cancel identity verification: %w", err)
	}
	return nil
}

// ---- consents ----

// InsertConsent records an applicant's FCRA consent. inserted is false when
// the same disclosure version was already signed for the application.
func (s *Store) InsertConsent(ctx context.Context, q Queryer, c domain.Consent) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO consents (id, application_id, disclosure_version, signed_name, ip_address, user_agent, signed_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (application_id, disclosure_version) DO NOTHING`,
		c.ID, c.ApplicationID, c.DisclosureVersion, c.SignedName, c.IPAddress, c.UserAgent, c.SignedAt, c.ExpiresAt)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (s *Store) GetConsent(ctx context.Context, q Queryer, applicationID, version string) (domain.Consent, error) {
	var c domain.Consent
	err := q.QueryRowContext(ctx, `
		SELECT id, application_id, disclosure_version, signed_name, ip_address, user_agent, signed_at, expires_at
		FROM consents WHERE application_id = $1 AND disclosure_version = $2`, applicationID, version).
		Scan(&c.ID, &c.ApplicationID, &c.DisclosureVersion, &c.SignedName, &c.IPAddress, &c.UserAgent, &c.SignedAt, &c.ExpiresAt)
	return c, notFound(err)
}

// HasActiveConsent reports whether the application has an unexpired consent.
func (s *Store) HasActiveConsent(ctx context.Context, applicationID string, at time.Time) (bool, error) {
	var ok bool
	err := s.db.QueryRowContext(ctx, `
		SELECT EXISTS (SELECT 1 FROM consents
		 WHERE application_id = $1 AND status = 'active' AND expires_at > $2)`, applicationID, at).Scan(&ok)
	return ok, err
}

// ExpireConsents flips consents past their expiry to expired.
func (s *Store) ExpireConsents(ctx context.Context, at time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE consents SET status = 'expired'
		WHERE status = 'active' AND expires_at <= $1`, at)
	if err != nil {
		return 0, err
	}
	return rowsAffected(res)
}

// PartnerCanActFor reports whether a partner portal may submit work for a
// property manager.
func (s *Store) PartnerCanActFor(ctx context.Context, partnerID, managerID string) (bool, error) {
	var ok bool
	err := s.db.QueryRowContext(ctx, `
		SELECT EXISTS (SELECT 1 FROM partner_managers WHERE partner_id = $1 AND manager_id = $2)`,
		partnerID, managerID).Scan(&ok)
	return ok, err
}

// ApplicationForPartner loads an application the partner submitted.
func (s *Store) ApplicationForPartner(ctx context.Context, partnerID, id string) (domain.Application, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+applicationColumns+`
		FROM applications WHERE partner_id = $1 AND id = $2`, partnerID, id)
	a, err := scanApplication(row)
	return a, notFound(err)
}
