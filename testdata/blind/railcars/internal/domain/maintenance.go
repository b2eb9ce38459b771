package domain

import "time"

// Work order statuses.
const (
	WorkOrderOpen       = "OPEN"
	WorkOrderDispatched = "DISPATCHED"
	WorkOrderInvoiced   = "INVOICED"
	WorkOrderCompleted  = "COMPLETED"
)

// Shop is a contract repair shop.
type Shop struct {
	ID        string
	Name      string
	ShopnetID string
	Railroad  string
	Location  string
}

// WorkOrder asks a repair shop to fix a car.
type WorkOrder struct {
	ID           string     `json:"id"`
	CarMark      string     `json:"car_mark"`
	ShopID       string     `json:"shop_id"`
	LeaseID      string     `json:"lease_id,omitempty"`
	Status       string     `json:"status"`
	DefectCodes  []string   `json:"defect_codes"`
	Description  string     `json:"description"`
	RequestedBy  string     `json:"requested_by"`
	ShopRONumber string     `json:"shop_ro_number,omitempty"`
	CreatedAt    time.Time  `json:"created_at"`
	DispatchedAt *time.Time `json:"dispatched_at,omitempty"`
	CompletedAt  *time.Time `json:"completed_at,omitempty"`
}

// ShopInvoice is a repair shop's bill for a work order.
type ShopInvoice struct {
	ID            string            `json:"id"`
	ShopID        string            `json:"shop_id"`
	InvoiceNumber string            `json:"invoice_number"`
	WorkOrderID   string            `json:"work_order_id"`
	TotalCents    int64             `json:"total_cents"`
	DaysInShop    int               `json:"days_in_shop"`
	Status        string            `json:"status"`
	Lines         []ShopInvoiceLine `json:"lines"`
}

// ShopInvoiceLine is an AAR job code line on a shop invoice.
type ShopInvoiceLine struct {
	LineNo        int    `json:"line_no"`
	JobCode       string `json:"job_code"`
	WhyMadeCode   string `json:"why_made_code"`
	LaborCents    int64  `json:"labor_cents"`
	MaterialCents int64  `json:"material_cents"`
}
