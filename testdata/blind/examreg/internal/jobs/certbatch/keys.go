package certbatch

import "github.com/segmentio/ksuid"

// submissionKey identifies one manifest submission. The partner replays its
// cached response, rejections included, for a repeated key within 24 hours,
// so a manifest that failed validation yesterday needs a key of its own to be
// looked at again.
func submissionKey() string {
	return "mf-" + ksuid.New().String()
}
