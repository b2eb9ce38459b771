package domain

import "time"

// Container statuses.
const (
	ContainerAnnounced = "announced"
	ContainerInYard    = "in_yard"
	ContainerGatedOut  = "gated_out"
)

// Container is a unit known to the terminal, keyed by its ISO 6346 number.
type Container struct {
	ContainerNo   string `gorm:"primaryKey"`
	LineCode      string
	ISOType       string `gorm:"column:iso_type"`
	Status        string
	Reefer        bool
	ReeferPlugged bool
	CustomsStatus string
	YardSlotID    *string
	GatedInAt     *time.Time
	GatedOutAt    *time.Time
	UpdatedAt     time.Time
}

func (Container) TableName() string { return "containers" }

// YardBlock is a stacking block with a running occupancy counter.
type YardBlock struct {
	ID       string `gorm:"primaryKey"`
	Capacity int
	Occupied int
	Reefer   bool
}

func (YardBlock) TableName() string { return "yard_blocks" }

// Yard slot statuses.
const (
	SlotFree     = "free"
	SlotReserved = "reserved"
	SlotOccupied = "occupied"
)

// YardSlot is one bay/row/tier position.
type YardSlot struct {
	ID          string `gorm:"primaryKey"`
	BlockID     string
	Bay         int
	RowNo       int `gorm:"column:row_no"`
	Tier        int
	Status      string
	ContainerNo *string
	UpdatedAt   time.Time
}

func (YardSlot) TableName() string { return "yard_slots" }

// YardAllocation records a slot planned for an incoming container.
type YardAllocation struct {
	ID          string     `gorm:"primaryKey;type:uuid" json:"id"`
	ContainerNo string     `json:"container_no"`
	SlotID      string     `json:"slot_id"`
	BlockID     string     `json:"block_id"`
	Status      string     `json:"status"`
	CreatedAt   time.Time  `json:"created_at"`
	ReleasedAt  *time.Time `json:"released_at,omitempty"`
}

func (YardAllocation) TableName() string { return "yard_allocations" }
