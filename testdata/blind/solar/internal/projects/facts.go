package projects

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Facts is the denormalised view of a project used by the permitting and
// interconnection processes.
type Facts struct {
	ProjectID      uuid.UUID
	ContractID     uuid.UUID
	Number         string
	SiteAddress    string
	Jurisdiction   string
	UtilityCode    string
	UtilityAccount string
	SystemKW       float64
	BatteryKWh     float64
	PanelCount     int
	PanelSKU       string
	InverterSKU    string
	LicenseNumber  string
	PlanSetURL     string
	HomeownerName  string
	HomeownerTel   string
}

// PermitFacts loads Facts for a project.
func (r *Repository) PermitFacts(ctx context.Context, projectID uuid.UUID) (Facts, error) {
	var f Facts
	var acct, plan, lic sql.NullString
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT p.id, p.contract_id, p.number, p.site_address, p.jurisdiction, p.utility_code, p.utility_acct,
		       q.system_kw, q.battery_kwh, q.panel_count, q.panel_sku, q.inverter_sku,
		       i.license_number, p.plan_set_url, cu.full_name, cu.phone
		FROM projects p
		JOIN contracts c ON c.id = p.contract_id
		JOIN quotes q ON q.id = c.quote_id
		JOIN customers cu ON cu.id = p.customer_id
		LEFT JOIN installers i ON i.id = p.installer_id
		WHERE p.id = $1`, projectID).Scan(
		&f.ProjectID, &f.ContractID, &f.Number, &f.SiteAddress, &f.Jurisdiction, &f.UtilityCode, &acct,
		&f.SystemKW, &f.BatteryKWh, &f.PanelCount, &f.PanelSKU, &f.InverterSKU,
		&lic, &plan, &f.HomeownerName, &f.HomeownerTel)
	f.UtilityAccount, f.PlanSetURL, f.LicenseNumber = acct.String, plan.String, lic.String
	return f, database.NotFound(err)
}
