package grpcapi

import "time"

type CreateSubscriptionRequest struct {
	Email           string `json:"email"`
	Phone           string `json:"phone"`
	FullName        string `json:"full_name"`
	PlanCode        string `json:"plan_code"`
	DeliveryAddress string `json:"delivery_address"`
	StartDate       string `json:"start_date"` // YYYY-MM-DD
}

type GetSubscriptionRequest struct {
	SubscriptionID string `json:"subscription_id"`
}

type CancelSubscriptionRequest struct {
	SubscriptionID string `json:"subscription_id"`
	Reason         string `json:"reason"`
}

type Window struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

type ScheduleDeliveryRequest struct {
	SubscriptionID string `json:"subscription_id"`
	VehicleID      string `json:"vehicle_id"`
	Window         Window `json:"window"`
	Notes          string `json:"notes"`
}

type RequestSwapRequest struct {
	SubscriptionID string `json:"subscription_id"`
	NewVehicleID   string `json:"new_vehicle_id"`
	Window         Window `json:"window"`
	Reason         string `json:"reason"`
}

type ActivateTelematicsRequest struct {
	VehicleID string `json:"vehicle_id"`
	Serial    string `json:"serial"`
}

type FileDamageClaimRequest struct {
	SubscriptionID string    `json:"subscription_id"`
	IncidentID     string    `json:"incident_id,omitempty"`
	IncidentDate   time.Time `json:"incident_date"`
	Description    string    `json:"description"`
	EstimatedCents int64     `json:"estimated_cents"`
	PhotoURLs      []string  `json:"photo_urls,omitempty"`
}

type ChargeAdHocRequest struct {
	SubscriptionID string `json:"subscription_id"`
	AmountCents    int64  `json:"amount_cents"`
	Description    string `json:"description"`
}

const dateLayout = "2006-01-02"
