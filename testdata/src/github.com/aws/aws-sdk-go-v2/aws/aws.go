// Package aws is a stub of github.com/aws/aws-sdk-go-v2/aws for analysistest.
package aws

type Config struct {
	Region string
}

func String(v string) *string { return &v }
func ToString(p *string) (v string) {
	if p == nil {
		return ""
	}
	return *p
}
func Int32(v int32) *int32 { return &v }
func Bool(v bool) *bool    { return &v }
