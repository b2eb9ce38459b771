package store

import "github.com/globetrek/esim-platform/internal/model"

var customerEntity = Entity[model.Customer]{
	Table:   "customers",
	Key:     "id",
	Columns: []string{"id", "email", "phone_e164", "push_token", "locale", "created_at"},
	Fields: func(c *model.Customer) []any {
		return []any{&c.ID, &c.Email, &c.PhoneE164, &c.PushToken, &c.Locale, &c.CreatedAt}
	},
}

var resellerEntity = Entity[model.Reseller]{
	Table:    "resellers",
	Key:      "id",
	Conflict: "ON CONSTRAINT resellers_code_key",
	Columns:  []string{"id", "code", "name", "commission_bps", "balance_minor", "currency", "created_at"},
	Fields: func(r *model.Reseller) []any {
		return []any{&r.ID, &r.Code, &r.Name, &r.CommissionBps, &r.BalanceMinor, &r.Currency, &r.CreatedAt}
	},
	Queries: map[string]string{
		"by_code":        "WHERE code = $1",
		"credit_balance": "UPDATE resellers SET balance_minor = balance_minor + $2 WHERE id = $1",
		"debit_balance":  "UPDATE resellers SET balance_minor = balance_minor - $2 WHERE id = $1",
	},
}

var planEntity = Entity[model.Plan]{
	Table:   "plans",
	Key:     "sku",
	Columns: []string{"sku", "carrier", "name", "region", "data_bytes", "validity_days", "price_minor", "currency", "active"},
	Fields: func(p *model.Plan) []any {
		return []any{&p.SKU, &p.Carrier, &p.Name, &p.Region, &p.DataBytes, &p.ValidityDays, &p.PriceMinor, &p.Currency, &p.Active}
	},
	Queries: map[string]string{
		"active_in_region": "WHERE active AND region = $1 ORDER BY price_minor",
	},
}

var orderEntity = Entity[model.Order]{
	Table:   "orders",
	Key:     "id",
	Columns: []string{"id", "customer_id", "reseller_id", "plan_sku", "carrier", "amount_minor", "currency", "status", "promo_code", "payment_method_id", "created_at", "updated_at"},
	Fields: func(o *model.Order) []any {
		return []any{&o.ID, &o.CustomerID, &o.ResellerID, &o.PlanSKU, &o.Carrier, &o.AmountMinor, &o.Currency, &o.Status, &o.PromoCode, &o.PaymentMethodID, &o.CreatedAt, &o.UpdatedAt}
	},
	Queries: map[string]string{
		"set_status":         "UPDATE orders SET status = $2, updated_at = now() WHERE id = $1",
		"transition":         "UPDATE orders SET status = $3, updated_at = now() WHERE id = $1 AND status = ANY($2)",
		"apply_discount":     "UPDATE orders SET amount_minor = $2, promo_code = $3, updated_at = now() WHERE id = $1 AND status = 'pending_payment'",
		"for_customer":       "WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2",
		"set_payment_method": "UPDATE orders SET payment_method_id = $2, updated_at = now() WHERE id = $1 AND status = 'pending_payment'",
	},
}

var paymentAttemptEntity = Entity[model.PaymentAttempt]{
	Table:    "payment_attempts",
	Key:      "id",
	Conflict: "ON CONSTRAINT payment_attempts_order_kind_key",
	Columns:  []string{"id", "order_id", "kind", "psp_reference", "status", "amount_minor", "currency", "created_at"},
	Fields: func(a *model.PaymentAttempt) []any {
		return []any{&a.ID, &a.OrderID, &a.Kind, &a.PSPReference, &a.Status, &a.AmountMinor, &a.Currency, &a.CreatedAt}
	},
	Queries: map[string]string{
		"by_order_kind": "WHERE order_id = $1 AND kind = $2",
		"record_result": "UPDATE payment_attempts SET psp_reference = $2, status = $3 WHERE id = $1",
	},
}

var paymentEventEntity = Entity[model.PaymentEvent]{
	Table:   "payment_events",
	Key:     "psp_reference",
	Columns: []string{"psp_reference", "event_code", "order_id", "success", "amount_minor", "currency", "reason", "received_at"},
	Fields: func(e *model.PaymentEvent) []any {
		return []any{&e.PSPReference, &e.EventCode, &e.OrderID, &e.Success, &e.AmountMinor, &e.Currency, &e.Reason, &e.ReceivedAt}
	},
}

var esimEntity = Entity[model.Esim]{
	Table:    "esims",
	Key:      "id",
	Conflict: "ON CONSTRAINT esims_order_key",
	Columns: []string{"id", "order_id", "customer_id", "carrier", "plan_sku", "iccid", "activation_code", "status",
		"data_limit_bytes", "used_bytes", "reissue_count", "installed_at", "expires_at", "created_at", "updated_at"},
	Fields: func(e *model.Esim) []any {
		return []any{&e.ID, &e.OrderID, &e.CustomerID, &e.Carrier, &e.PlanSKU, &e.ICCID, &e.ActivationCode, &e.Status,
			&e.DataLimitBytes, &e.UsedBytes, &e.ReissueCount, &e.InstalledAt, &e.ExpiresAt, &e.CreatedAt, &e.UpdatedAt}
	},
	Queries: map[string]string{
		"by_order": "WHERE order_id = $1",
		"by_iccid": "WHERE iccid = $1",
		"mark_reserved": `UPDATE esims SET iccid = $2, activation_code = $3, status = 'reserved', updated_at = now()
			WHERE id = $1 AND status = 'reserving'`,
		"mark_installed": `UPDATE esims SET status = 'installed', installed_at = $2, expires_at = $3, updated_at = now()
			WHERE id = $1 AND status = 'reserved'`,
		"set_status": "UPDATE esims SET status = $3, updated_at = now() WHERE id = $1 AND status = ANY($2)",
		"reissued": `UPDATE esims SET iccid = $3, activation_code = $4, status = 'reserved', reissue_count = reissue_count + 1,
			installed_at = NULL, updated_at = now() WHERE id = $1 AND reissue_count = $2`,
		"add_usage":          "UPDATE esims SET used_bytes = used_bytes + $2, updated_at = now() WHERE id = $1",
		"add_data":           "UPDATE esims SET data_limit_bytes = data_limit_bytes + $2, updated_at = now() WHERE id = $1",
		"active_for_carrier": "WHERE carrier = $1 AND status = 'installed' ORDER BY id",
		"expire_due": `UPDATE esims SET status = 'expired', updated_at = now()
			WHERE status = 'installed' AND expires_at < $1
			RETURNING id, order_id, customer_id, carrier, plan_sku, iccid, activation_code, status,
			data_limit_bytes, used_bytes, reissue_count, installed_at, expires_at, created_at, updated_at`,
	},
}

var topUpEntity = Entity[model.TopUp]{
	Table:   "top_ups",
	Key:     "id",
	Columns: []string{"id", "esim_id", "customer_id", "bundle_code", "data_bytes", "amount_minor", "currency", "status", "psp_reference", "created_at", "updated_at"},
	Fields: func(t *model.TopUp) []any {
		return []any{&t.ID, &t.EsimID, &t.CustomerID, &t.BundleCode, &t.DataBytes, &t.AmountMinor, &t.Currency, &t.Status, &t.PSPReference, &t.CreatedAt, &t.UpdatedAt}
	},
	Queries: map[string]string{
		"mark_charged": "UPDATE top_ups SET status = 'charged', psp_reference = $2, updated_at = now() WHERE id = $1",
		"set_status":   "UPDATE top_ups SET status = $2, updated_at = now() WHERE id = $1",
	},
}

var refundEntity = Entity[model.Refund]{
	Table:   "refunds",
	Key:     "id",
	Columns: []string{"id", "order_id", "amount_minor", "currency", "reason", "status", "psp_reference", "requested_by", "created_at", "updated_at"},
	Fields: func(r *model.Refund) []any {
		return []any{&r.ID, &r.OrderID, &r.AmountMinor, &r.Currency, &r.Reason, &r.Status, &r.PSPReference, &r.RequestedBy, &r.CreatedAt, &r.UpdatedAt}
	},
	Queries: map[string]string{
		"succeeded_total": "SELECT COALESCE(SUM(amount_minor), 0) FROM refunds WHERE order_id = $1 AND status = 'succeeded'",
		"transition":      "UPDATE refunds SET status = $3, updated_at = now() WHERE id = $1 AND status = ANY($2)",
		"submitted":       "UPDATE refunds SET status = 'submitted', psp_reference = $2, updated_at = now() WHERE id = $1 AND status = 'submitting'",
		"by_psp_ref":      "WHERE psp_reference = $1",
	},
}

var usageReportEntity = Entity[model.UsageReport]{
	Table:   "usage_reports",
	Key:     "report_id",
	Columns: []string{"report_id", "esim_id", "bytes", "received_at"},
	Fields: func(u *model.UsageReport) []any {
		return []any{&u.ReportID, &u.EsimID, &u.Bytes, &u.ReceivedAt}
	},
	Queries: map[string]string{
		"exists": "SELECT EXISTS (SELECT 1 FROM usage_reports WHERE report_id = $1)",
	},
}

var usageRecordEntity = Entity[model.UsageRecord]{
	Table:   "usage_records",
	Key:     "id",
	Columns: []string{"id", "esim_id", "window_start", "window_end", "bytes", "source", "created_at"},
	Fields: func(u *model.UsageRecord) []any {
		return []any{&u.ID, &u.EsimID, &u.WindowStart, &u.WindowEnd, &u.Bytes, &u.Source, &u.CreatedAt}
	},
	Queries: map[string]string{
		"for_esim": "WHERE esim_id = $1 AND window_start >= $2 ORDER BY window_start",
	},
}

var alertSettingEntity = Entity[model.AlertSetting]{
	Table:   "usage_alert_settings",
	Key:     "esim_id",
	Columns: []string{"esim_id", "percent", "channel"},
	Fields: func(a *model.AlertSetting) []any {
		return []any{&a.EsimID, &a.Percent, &a.Channel}
	},
	Queries: map[string]string{
		"upsert": `INSERT INTO usage_alert_settings (esim_id, percent, channel) VALUES ($1, $2, $3)
			ON CONFLICT (esim_id, percent) DO UPDATE SET channel = EXCLUDED.channel`,
		"for_esim": "WHERE esim_id = $1 ORDER BY percent",
	},
}

var alertSentEntity = Entity[model.AlertSent]{
	Table:    "usage_alerts_sent",
	Key:      "esim_id",
	Conflict: "(esim_id, percent)",
	Columns:  []string{"esim_id", "percent", "channel", "sent_at"},
	Fields: func(a *model.AlertSent) []any {
		return []any{&a.EsimID, &a.Percent, &a.Channel, &a.SentAt}
	},
}

var notificationEntity = Entity[model.Notification]{
	Table:    "notifications",
	Key:      "id",
	Conflict: "ON CONSTRAINT notifications_kind_subject_key",
	Columns:  []string{"id", "kind", "subject_id", "channel", "status", "created_at", "sent_at"},
	Fields: func(n *model.Notification) []any {
		return []any{&n.ID, &n.Kind, &n.SubjectID, &n.Channel, &n.Status, &n.CreatedAt, &n.SentAt}
	},
	Queries: map[string]string{
		"by_subject": "WHERE kind = $1 AND subject_id = $2",
		"mark_sent":  "UPDATE notifications SET status = 'sent', sent_at = now() WHERE id = $1",
	},
}

var ledgerEntity = Entity[model.LedgerEntry]{
	Table:   "commission_ledger",
	Key:     "id",
	Columns: []string{"id", "reseller_id", "order_id", "entry_type", "amount_minor", "currency", "settlement_id", "created_at"},
	Fields: func(l *model.LedgerEntry) []any {
		return []any{&l.ID, &l.ResellerID, &l.OrderID, &l.EntryType, &l.AmountMinor, &l.Currency, &l.SettlementID, &l.CreatedAt}
	},
	Queries: map[string]string{
		"unsettled": "WHERE reseller_id = $1 AND entry_type = 'accrual' AND settlement_id IS NULL AND created_at < $2 ORDER BY created_at",
		"settle":    "UPDATE commission_ledger SET settlement_id = $2 WHERE id = ANY($1) AND settlement_id IS NULL",
	},
}

var settlementEntity = Entity[model.Settlement]{
	Table:   "settlements",
	Key:     "id",
	Columns: []string{"id", "reseller_id", "period_end", "total_minor", "currency", "status", "created_at"},
	Fields: func(s *model.Settlement) []any {
		return []any{&s.ID, &s.ResellerID, &s.PeriodEnd, &s.TotalMinor, &s.Currency, &s.Status, &s.CreatedAt}
	},
}

var promoCodeEntity = Entity[model.PromoCode]{
	Table:   "promo_codes",
	Key:     "code",
	Columns: []string{"code", "discount_bps", "remaining"},
	Fields: func(p *model.PromoCode) []any {
		return []any{&p.Code, &p.DiscountBps, &p.Remaining}
	},
	Queries: map[string]string{
		"consume": "UPDATE promo_codes SET remaining = remaining - 1 WHERE code = $1 AND remaining > 0",
	},
}

var promoRedemptionEntity = Entity[model.PromoRedemption]{
	Table:   "promo_redemptions",
	Key:     "order_id",
	Columns: []string{"order_id", "code", "created_at"},
	Fields: func(p *model.PromoRedemption) []any {
		return []any{&p.OrderID, &p.Code, &p.CreatedAt}
	},
}
