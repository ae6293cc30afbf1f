import { CMS_TYPE, type CmsPageType } from '../../contract'

/**
 * The demo's CMS pages and FAQs: what a real pet-care platform would publish. The pages are
 * HTML of the kind the rich-text editor makes (the seed passes them through the sanitiser like
 * any saved page); the FAQs are plain text within the FAQ form's limits.
 */

const PRIVACY_POLICY = `
<h1>Privacy Policy</h1>
<p><em>Last updated: 1 March 2025</em></p>
<p>Petcare ("we", "us") runs the Petcare mobile app and this website. This policy explains what personal information we collect when you use them, why we collect it, and the choices you have.</p>
<h2>1. Information we collect</h2>
<ul>
  <li><strong>Account details:</strong> your name, username, email address, mobile number, country and date of birth.</li>
  <li><strong>Pet profiles:</strong> your pets' names, photos, species, breed, age, weight, microchip number, vaccinations, medications and medical notes.</li>
  <li><strong>Location:</strong> an approximate location, only while you search for nearby pet shops and hospitals, and only if you allow it.</li>
  <li><strong>Feedback and support requests</strong> you send us, and basic technical data (device model, app version, crash reports).</li>
</ul>
<h2>2. How we use it</h2>
<ul>
  <li>To run your account and show your pets' profiles.</li>
  <li>To show pet shops, hospitals and offers near you.</li>
  <li>To send the notifications you have agreed to, such as vaccination reminders and service updates.</li>
  <li>To fix problems, keep the service secure and improve it.</li>
</ul>
<p>We do not sell your personal information, and we do not use your pets' medical details for advertising.</p>
<h2>3. Shared pet profiles</h2>
<p>When you share a pet's profile link, anyone who opens it can see the details shown on that page, including the owner details in your profile (name, mobile number and email). Chat apps and social sites that preview the link show only your pet's name, first photo, species, breed and age.</p>
<h2>4. Who we share it with</h2>
<p>We share information only with service providers who host and run the platform for us (cloud hosting, email and push-notification delivery), under contracts that require them to protect it, and with authorities where the law requires us to.</p>
<h2>5. How long we keep it</h2>
<p>We keep your information while your account is open. When you delete your account we delete your profile and your pets' profiles within 30 days, except where the law requires us to keep records for longer.</p>
<h2>6. Your rights</h2>
<p>You can see, correct, download or delete your information from the app's settings, or by writing to <a href="mailto:privacy@petcare.example">privacy@petcare.example</a>. You may also complain to your local data-protection authority.</p>
<h2>7. Changes</h2>
<p>If we change this policy in a way that matters, we will tell you in the app before the change takes effect.</p>
`

const TERMS = `
<h1>Terms and Conditions</h1>
<p><em>Last updated: 1 March 2025</em></p>
<p>These terms govern your use of the Petcare app and website. By creating an account you agree to them. Please read them carefully.</p>
<h2>1. Your account</h2>
<ul>
  <li>You must be at least 16 years old to create an account.</li>
  <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
  <li>The details you give us, and your pets' details, must be accurate and yours to share.</li>
</ul>
<h2>2. Using Petcare</h2>
<p>Petcare helps you keep your pets' records and find pet shops and hospitals near you. You agree not to:</p>
<ol>
  <li>upload content that is unlawful, offensive or belongs to someone else;</li>
  <li>use the service to send spam or to collect other users' details;</li>
  <li>try to get into parts of the service or other accounts you are not allowed into.</li>
</ol>
<h2>3. Not veterinary advice</h2>
<blockquote>Information in Petcare, including the medical notes you keep, does not replace a vet. In an emergency, contact your nearest veterinary hospital straight away.</blockquote>
<h2>4. Pet shops, hospitals and offers</h2>
<p>Listed pet shops and hospitals are independent businesses. We check listings when they join, but we are not a party to what you buy from them, and offers are set by them and may change.</p>
<h2>5. Ending your account</h2>
<p>You can delete your account at any time in the app. We may suspend an account that breaks these terms, and will tell you why unless the law stops us.</p>
<h2>6. Liability</h2>
<p>We provide Petcare with reasonable care and skill, but we cannot promise it will always be available or free of errors. Nothing in these terms limits liability that cannot be limited by law.</p>
<h2>7. Contact</h2>
<p>Questions about these terms: <a href="mailto:legal@petcare.example">legal@petcare.example</a>.</p>
`

const CONTACT_US = `
<h1>Contact Us</h1>
<p>We are happy to hear from pet owners, pet shops and hospitals. Pick the best way to reach us below.</p>
<h2>Pet owners</h2>
<ul>
  <li>Email: <a href="mailto:hello@petcare.example">hello@petcare.example</a></li>
  <li>Phone: <a href="tel:+18005550199">+1 800 555 0199</a> (Monday to Friday, 9:00 to 18:00)</li>
</ul>
<h2>Pet shops and hospitals</h2>
<p>Want to list your business or update your listing? Write to <a href="mailto:partners@petcare.example">partners@petcare.example</a> with your business name, address and a contact number, and our partnerships team will reply within two working days.</p>
<h2>Press</h2>
<p><a href="mailto:press@petcare.example">press@petcare.example</a></p>
<h2>Our office</h2>
<p>Petcare Ltd<br>100 Deansgate<br>Manchester M3 2GP<br>United Kingdom</p>
`

const SUPPORT = `
<h1>Support</h1>
<p>Need a hand with the Petcare app? Most questions are answered in our <a href="/faq">FAQ</a>. If yours is not, we are here to help.</p>
<h2>Before you contact us</h2>
<ol>
  <li>Make sure you have the latest version of the app from the App Store or Google Play.</li>
  <li>Check your internet connection, then close and reopen the app.</li>
  <li>For sign-in problems, use <strong>Forgot password</strong> on the sign-in screen.</li>
</ol>
<h2>Report a problem</h2>
<p>In the app, open <strong>Settings &gt; Feedback</strong>, choose <em>Bug</em> and describe what happened. Screenshots help us a lot. We read every report.</p>
<h2>Lost pet?</h2>
<p>If your pet is lost, share its profile link from the app: anyone who finds your pet can open it on their phone and see how to reach you. Keep your contact details up to date in your profile.</p>
<h2>Still stuck?</h2>
<p>Email <a href="mailto:support@petcare.example">support@petcare.example</a> or call <a href="tel:+18005550199">+1 800 555 0199</a>. We answer within one working day.</p>
`

/** The demo's CMS pages, by type (HTML, sanitised by the seed). */
export const DEMO_CMS_PAGES: Record<CmsPageType, string> = {
  [CMS_TYPE.PRIVACY_POLICY]: PRIVACY_POLICY,
  [CMS_TYPE.TERMS]: TERMS,
  [CMS_TYPE.CONTACT_US]: CONTACT_US,
  [CMS_TYPE.SUPPORT]: SUPPORT,
}

/** The demo's FAQs, in order. */
export const DEMO_FAQS: readonly { title: string; description: string }[] = [
  {
    title: 'What is Petcare?',
    description:
      'Petcare is a free app for pet owners. Keep your pets’ profiles, vaccinations and medical notes in one place, find pet shops and veterinary hospitals near you, and get offers from them.',
  },
  {
    title: 'How do I add a pet?',
    description:
      'Open the app, go to My Pets and tap Add Pet. Fill in your pet’s name, species and breed, add a few photos, then save. You can add vaccinations, medications and a medical history at any time.',
  },
  {
    title: 'How do I share my pet’s profile?',
    description:
      'Open your pet’s profile and tap Share. Anyone you send the link to can open it on their phone without the app, which is handy for pet sitters, vets, or if your pet is ever lost.',
  },
  {
    title: 'Who can see my pet’s details?',
    description:
      'Anyone you share the link with can see the profile, including your name, mobile number and email, so share it with people you trust. Link previews in chat apps show only your pet’s name, photo, species, breed and age.',
  },
  {
    title: 'Can I get vaccination reminders?',
    description:
      'Yes. Add each vaccination with its date and we will remind you before the next dose is due. Make sure notifications are allowed for Petcare in your phone’s settings.',
  },
  {
    title: 'How do I find a pet shop or hospital near me?',
    description:
      'Tap Explore and allow location access. You will see listed pet shops and hospitals around you on a map and in a list, with their address, photos and any current offers.',
  },
  {
    title: 'My business is a pet shop or a hospital. How can we join?',
    description:
      'Send a partner request from the app (Settings > Become a Partner) or write to partners@petcare.example. Our team checks every request and replies within two working days.',
  },
  {
    title: 'I forgot my password. What should I do?',
    description:
      'Tap Forgot password on the sign-in screen and enter your email address. We will send you a 6-digit code; enter it in the app and choose a new password.',
  },
  {
    title: 'How do I delete my account?',
    description:
      'Go to Settings > Account > Delete account. Your profile and your pets’ profiles are removed within 30 days. This cannot be undone, so download anything you want to keep first.',
  },
]
