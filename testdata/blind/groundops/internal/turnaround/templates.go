package turnaround

import "github.com/apronworks/groundops/internal/pricing"

type taskTemplate struct {
	Kind        string
	ServiceCode string
}

// standardTasks is the task list generated at on-block for a standard
// narrow-body turnaround. Airline-specific extras are added from tablets.
var standardTasks = []taskTemplate{
	{Kind: "baggage_unload", ServiceCode: pricing.CodeBaggage},
	{Kind: "baggage_load", ServiceCode: pricing.CodeBaggage},
	{Kind: "cabin_cleaning", ServiceCode: pricing.CodeCabinClean},
	{Kind: "lav_water", ServiceCode: pricing.CodeLavWater},
	{Kind: "pushback", ServiceCode: pricing.CodePushback},
}

// handlingPackage is billed once per departed turnaround regardless of
// which tasks the crew ticked off.
var handlingPackage = []string{pricing.CodeBaggage, pricing.CodePushback}
